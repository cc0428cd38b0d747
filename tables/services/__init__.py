"""The table service: lobby, fair deals, the one writer per table, views, pacing and match flow.

Edges (the consumer, the pages, the Celery tasks) call these functions; they never talk to sockets
themselves except through ``publish.table_event`` after a commit.
"""
