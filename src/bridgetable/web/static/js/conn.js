// The table's WebSocket: hello on (re)connect, actions with their seq resent until
// acknowledged, resync when events were missed (not when several came in one state,
// see docs/protocol.md), reconnect with exponential backoff.

const VERSION = 1;
const MAX_DELAY = 30000;

/** This tab's own id, so the server recognises actions resent after a reconnect. */
function clientId() {
  let id = sessionStorage.getItem("bt_client");
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("bt_client", id);
  }
  return id;
}

export class Connection {
  /**
   * @param {string} url  ws:// or wss:// URL of the table
   * @param {{onState: Function, onError: Function, onStatus: Function}} handlers
   */
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.socket = null;
    this.lastEvent = 0;
    this.stateEvent = 0;
    this.resyncs = 0;
    this.seq = Date.now();
    this.pending = new Map();
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
    this.gapTimer = null;
  }

  connect() {
    if (this.stopped) return;
    this.handlers.onStatus("connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.onStatus("online");
      this.hello();
      for (const message of this.pending.values()) this.raw(message);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === 4404) this.stop("not_found");
      else this.retry();
    });
  }

  hello() {
    this.raw({ type: "hello", event: this.stateEvent, client: clientId(), name: localStorage.getItem("bt_name") || undefined });
  }

  retry() {
    if (this.stopped) return;
    const delay = Math.min(MAX_DELAY, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt += 1;
    this.handlers.onStatus("offline", Math.ceil(delay / 1000));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  stop(reason) {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
    this.handlers.onStatus(reason);
  }

  raw(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ v: VERSION, ...message }));
    }
  }

  /** Send an action; it is resent after a reconnect until acknowledged. */
  send(type, fields = {}) {
    this.seq += 1;
    const message = { type, seq: this.seq, ...fields };
    this.pending.set(this.seq, message);
    this.raw(message);
    return this.seq;
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    const event = Number(message.event || 0);
    if (message.type === "state") {
      // a state that shows new events says the first of them: a batch continues from
      // the last state seen, a gap does not (a state without `first` is whole anyway)
      if (message.first !== undefined && this.stateEvent && Number(message.first) > this.stateEvent + 1) {
        this.resync();
      }
      this.lastEvent = Math.max(this.lastEvent, event);
      this.stateEvent = event;
      clearTimeout(this.gapTimer);
      if (message.ack) this.pending.delete(message.ack);
      this.handlers.onState(message);
      return;
    }
    if (event > this.stateEvent) this.watchGap();
    this.lastEvent = Math.max(this.lastEvent, event);
    if (message.type === "error") {
      this.pending.delete(message.seq);
      if (message.code === "table_not_found") this.stop("not_found");
      else if (message.code === "bad_name" && !message.seq) {
        // the hello was refused for a name kept from before: say hello without it
        localStorage.removeItem("bt_name");
        this.hello();
      }
      else this.handlers.onError(message);
    }
  }

  /** An error told of an event whose state has not come: ask for it if it stays missing. */
  watchGap() {
    clearTimeout(this.gapTimer);
    this.gapTimer = setTimeout(() => {
      if (this.lastEvent > this.stateEvent) this.resync();
    }, 1500);
  }

  /** Tell the table the name this connection speaks under (a spectator's chat name). */
  rename(name) {
    this.raw({ type: "hello", event: this.stateEvent, client: clientId(), name });
  }

  resync() {
    this.resyncs += 1;
    this.raw({ type: "resync" });
  }
}
