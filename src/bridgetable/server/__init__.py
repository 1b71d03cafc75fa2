"""The ASGI server: HTTP API, WebSocket protocol, tables held in memory over the event log."""
