"""Replay services: records in and out, the viewer's steps, comments and listings."""
