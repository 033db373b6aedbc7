"""The Prometheus instruments behind the meter; imported only when the endpoint is configured."""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import Counter, Gauge, Histogram

from bot.ops.meter import Meter

COMMANDS = Counter(
    "paperref_commands", "Commands handled, by verb kind and outcome", ["kind", "outcome"]
)
LATENCY = Histogram(
    "paperref_command_seconds",
    "Time from a command reaching the referee to its replies being ready",
    ["kind"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
API_CALLS = Counter(
    "paperref_api_calls",
    "Requests to a platform's API, by platform and method",
    ["platform", "method"],
)
RATE_LIMITED = Counter(
    "paperref_api_rate_limited",
    "Requests a platform refused with 429 (rate limited), by platform and method",
    ["platform", "method"],
)
QUEUE_DEPTH = Gauge("paperref_queue_depth", "Updates waiting to be handled, by queue", ["queue"])
TIMERS_DUE = Gauge("paperref_timers_due", "Turn timers the last deadline sweep found due")


class PrometheusMeter(Meter):
    """Reports to prometheus-client's default registry, which /metrics serves."""

    def command(self, kind: str, outcome: str, seconds: float) -> None:
        COMMANDS.labels(kind, outcome).inc()
        LATENCY.labels(kind).observe(seconds)

    def api_call(self, platform: str, method: str, status: int) -> None:
        API_CALLS.labels(platform, method).inc()
        if status == 429:
            RATE_LIMITED.labels(platform, method).inc()

    def timers_due(self, count: int) -> None:
        TIMERS_DUE.set(count)

    def queue(self, name: str, depth: Callable[[], int]) -> None:
        QUEUE_DEPTH.labels(name).set_function(depth)
