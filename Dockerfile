# The one image every service of compose.yaml runs: the project installed into /app.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
RUN apt-get update && apt-get install -y --no-install-recommends gettext curl && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . /app
RUN pip install --no-cache-dir . && python manage.py compile_locales
RUN SECRET_KEY=build DEBUG=0 python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["daphne", "--websocket_connect_timeout", "20", "-b", "0.0.0.0", "-p", "8000", "cardclub.asgi:application"]
