// The session's events over Server-Sent Events, read with fetch so the seat token travels in the
// Authorization header (never in a URL). A dropped stream is resumed with Last-Event-ID: the server
// first replays the log after the last entry this page saw, so nothing is missed or shown twice.

export function follow(sessionId, token, onEntry, { after = null, onState = () => {} } = {}) {
  let last = after;
  let stopped = false;
  let controller = null;
  let delay = 250;

  async function once() {
    controller = new AbortController();
    const headers = { Accept: "text/event-stream", Authorization: `Bearer ${token}` };
    if (last !== null) headers["Last-Event-ID"] = String(last);
    const answer = await fetch(`/v1/sessions/${encodeURIComponent(sessionId)}/events`, { headers, signal: controller.signal });
    if (!answer.ok) throw new Error(`events: HTTP ${answer.status}`);
    onState("live");
    delay = 250;
    const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n");
        if (!data) continue;  // a keep-alive comment
        const entry = JSON.parse(data);
        last = entry.seq;
        onEntry(entry);
      }
    }
  }

  (async () => {
    while (!stopped) {
      try {
        await once();
        if (stopped) break;
        onState("ended");
      } catch (error) {
        if (stopped) break;
        onState("reconnecting");
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 5000);
    }
  })();

  return {
    stop() { stopped = true; if (controller) controller.abort(); },
    drop() { if (controller) controller.abort(); },  // cut the connection; the loop resumes it
    get last() { return last; },
  };
}
