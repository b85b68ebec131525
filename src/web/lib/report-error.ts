/** Reports an uncaught client error to `POST /api/errors` (stored in error_logs); never throws. */
export function reportError(message: string, stack?: string) {
  try {
    void fetch("/api/errors", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: message.slice(0, 2000), stack: stack?.slice(0, 20_000), url: location.pathname }),
      keepalive: true,
    });
  } catch {
    // nothing more we can do
  }
}
