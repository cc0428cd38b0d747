"""League pages: thin views that parse the request, check access, call a service and render."""
