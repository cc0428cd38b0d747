"""The site's live-connection probe: a ping answered through the channel layer."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class PulseConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    """Answers ``{"type": "ping", "nonce": n}`` with a pong that went through the channel layer.

    Pages use it to show whether the live connection works; the reply is sent to this
    consumer's own channel, so it exercises the configured layer (Redis in production).
    """

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Relay a ping through the layer; anything else gets an error frame."""
        if not isinstance(content, dict) or content.get("type") != "ping":
            await self.send_json({"type": "error", "code": "bad_message", "message": "send {'type': 'ping'}"})
            return
        nonce = str(content.get("nonce", ""))[:64]
        await self.channel_layer.send(self.channel_name, {"type": "pulse.pong", "nonce": nonce})

    async def pulse_pong(self, event: dict[str, Any]) -> None:
        """Deliver the pong that came back through the layer."""
        await self.send_json({"type": "pong", "nonce": event["nonce"]})

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        """Parse a frame; malformed JSON becomes a value ``receive_json`` rejects."""
        try:
            return await super().decode_json(text_data)
        except ValueError:
            return None
