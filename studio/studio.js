// Sparks Studio's page: the layer tree, the inspector made from the property table the
// server sends (/api/table), the preview streamed over a WebSocket, and the gallery. Every
// change is a message to the server, which edits the preset's text and saves it; the page
// shows what the server sends back, so the file stays the truth.
"use strict";

const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
const $ = (id) => document.getElementById(id);
const api = (path, extra = "") => `${path}?token=${encodeURIComponent(token)}${extra}`;

const state = {
  table: null,        // objects by name
  structure: null,    // where each element of a preset sits, by element (PresetElement)
  file: null,
  socket: null,
  doc: null,          // the last document message
  selected: [],       // path of the selected outline item
  selectionAwaits: null, // the version an added, selected item comes after
  treeShown: null, // what the tree was last built from
  frames: 0,          // frames drawn (tests read this)
  header: null,       // the last frame's header
  playing: true,
  scrubbing: false,
  dragging: null,
  dragKey: null,      // {layer, key}: the point or size a drag on the preview sets
  sliderGroup: null,
  holding: false,     // a slider is held: the inspector is not rebuilt under the hand
  inspectorStale: false,
  editsSent: 0,       // edit messages sent; a version reflecting fewer is older than the fields
  fpsTimes: [],
  pendingEdit: null,
  editSentAt: null,   // when the last edit left, until a frame of its version is drawn
  editVersion: null,
  latencies: [],      // edit → frame of its version drawn, in ms (tests and measurements read these)
  length: 10,         // the timeline's length, seconds
  selectedKeyframe: null, // index of the keyframe selected on the timeline
  advancedOpen: false,    // whether the Advanced fold of layer keys is open
  connections: 0,     // sessions opened (tests read this)
  reconnectTimer: null,
};
window.sparksStudio = state;

function notice(text, level = "info", seconds = 4) {
  const box = $("notice");
  box.textContent = text;
  box.className = level;
  box.hidden = false;
  clearTimeout(notice.timer);
  if (seconds > 0) notice.timer = setTimeout(() => (box.hidden = true), seconds * 1000);
}

// ---- Paths and values --------------------------------------------------------------

function pathText(path) {
  let text = "";
  for (const step of path) text += typeof step === "number" ? `[${step}]` : text === "" ? step : `.${step}`;
  return text;
}
function samePath(a, b) { return a.length === b.length && a.every((s, i) => s === b[i]); }
function valueAt(path) {
  let node = state.doc && state.doc.document;
  for (const step of path) {
    if (node === null || node === undefined || typeof node !== "object") return undefined;
    node = node[step];
  }
  return node;
}
function findItem(item, path) {
  if (!item) return null;
  if (samePath(item.path, path)) return item;
  for (const child of item.children) { const f = findItem(child, path); if (f) return f; }
  return null;
}
function parentOf(item, path) {
  for (const child of item.children) {
    if (samePath(child.path, path)) return item;
    const f = parentOf(child, path);
    if (f) return f;
  }
  return null;
}
const round = (v, digits = 4) => Number(Number(v).toFixed(digits));

// ---- The connection ----------------------------------------------------------------

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}
function edit(edits, group) {
  if (state.editSentAt === null && state.doc) { state.editSentAt = performance.now(); state.editVersion = state.doc.version + 1; }
  state.editsSent += 1;
  send({ type: "edit", edits, group });
}

// A session that drops, or does not open within a few seconds, is opened again with a growing
// wait (½ s up to 5 s), as long as the page shows that file; the server sends the document
// again, and the selection and the fields stay as they were.
const reconnectWaits = [0.5, 1, 2, 3, 5];
function connect(file, attempt = 0) {
  state.file = file;
  state.editsSent = 0;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${api("/api/session", `&file=${encodeURIComponent(file)}`)}`);
  socket.binaryType = "arraybuffer";
  state.socket = socket;
  const openWithin = setTimeout(() => { if (socket.readyState === WebSocket.CONNECTING) socket.close(); }, 5000);
  socket.onopen = () => {
    clearTimeout(openWithin);
    state.connections += 1;
    if (state.doc && state.doc.file === file) sendLength();
    if (attempt > 0) notice("Connected to the studio again.", "info", 2);
    attempt = 0;
  };
  socket.onmessage = (event) => {
    if (typeof event.data === "string") {
      const message = JSON.parse(event.data);
      if (message.type === "document") showDocument(message);
      else if (message.type === "notice") notice(message.text, message.level);
    } else drawFrame(event.data);
  };
  socket.onclose = () => {
    clearTimeout(openWithin);
    if (state.socket !== socket) return; // closed on purpose: another file was opened
    const wait = reconnectWaits[Math.min(attempt, reconnectWaits.length - 1)];
    notice(`The connection to the studio closed; trying again in ${wait} s (is sparks studio still running?).`, "error", 0);
    clearTimeout(state.reconnectTimer);
    state.reconnectTimer = setTimeout(() => { if (state.socket === socket && state.file === file) connect(file, attempt + 1); }, wait * 1000);
  };
}

// ---- The preview ---------------------------------------------------------------------

const canvas = $("preview");
const context2d = canvas.getContext("2d");

function drawFrame(buffer) {
  const view = new DataView(buffer);
  const length = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 8, length)));
  const pixels = new Uint8ClampedArray(buffer, 8 + length, header.width * header.height * 4);
  if (canvas.width !== header.width || canvas.height !== header.height) { canvas.width = header.width; canvas.height = header.height; }
  context2d.putImageData(new ImageData(pixels, header.width, header.height), 0, 0);
  send({ type: "ack" });
  state.frames += 1;
  if (state.editSentAt !== null && header.version >= state.editVersion) {
    state.latencies.push(performance.now() - state.editSentAt);
    state.editSentAt = null;
  }
  state.header = header;
  const now = performance.now();
  state.fpsTimes.push(now);
  while (state.fpsTimes.length > 0 && now - state.fpsTimes[0] > 1000) state.fpsTimes.shift();
  state.playing = !header.paused;
  $("play").textContent = header.paused ? "▶" : "⏸";
  if (!state.scrubbing) $("timeline").value = String(Math.min(header.time, state.length));
  if (document.activeElement !== $("time")) $("time").value = header.time.toFixed(2);

  let cut = header.budgetCut ? ` · <span class="cut">${escapeHTML(header.budgetCut)}</span>` : "";
  if (header.refusedBirths > 0) {
    cut += ` · <span class="cut">${header.refusedBirths.toLocaleString()} births refused: the particle budget is ${header.particleLimit.toLocaleString()} live</span>`;
  }
  $("stats").innerHTML = `${header.live.toLocaleString()} particles · ${state.fpsTimes.length} fps · `
    + `simulate ${header.simulateMs.toFixed(1)} ms · draw ${header.drawMs.toFixed(1)} ms · ${header.width}×${header.height}${cut}`;
}

function escapeHTML(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

// Play and pause answer at once on the page (the next frame's header says the same).
function playOrPause() {
  if (!state.playing && state.header && state.header.time >= state.length - 1e-9) { restart(); return; }
  send({ type: state.playing ? "pause" : "play" });
  state.playing = !state.playing;
}
function restart() {
  send({ type: "restart" });
  state.playing = true;
}
$("play").onclick = playOrPause;
$("step").onclick = () => send({ type: "step" });
$("restart").onclick = restart;
$("speed").onchange = (e) => send({ type: "speed", speed: Number(e.target.value) });
$("timeline").addEventListener("input", (e) => { state.scrubbing = true; send({ type: "seek", time: Number(e.target.value) }); });
$("timeline").addEventListener("change", () => { state.scrubbing = false; });
// A typed time: Enter goes there, paused.
$("time").addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  const t = Number($("time").value);
  if (Number.isFinite(t) && t >= 0) { send({ type: "seek", time: t }); $("time").blur(); }
  else notice("A time is a number of seconds from 0, such as 0.75.", "error");
});

// The timeline's length: a short effect gets a short timeline (its own once set, kept for the
// file in this browser; otherwise the studio's suggestion, long enough for the whole effect).
const lengthKey = () => `sparks-studio-length:${state.file}`;
// The studio plays to the end of the length, then from the start again (loop) or stops there.
function setLength(seconds, remember) {
  state.length = seconds;
  $("length").value = String(seconds);
  $("timeline").max = String(seconds);
  if (remember) localStorage.setItem(lengthKey(), String(seconds));
  sendLength();
  renderKeyframeMarkers();
}
const sendLength = () => send({ type: "length", seconds: state.length, loop: $("loop").checked });
$("loop").addEventListener("change", sendLength);
$("length").addEventListener("change", () => {
  const t = Number($("length").value);
  if (Number.isFinite(t) && t >= 0.1 && t <= 3600) setLength(t, true);
  else { notice("The timeline's length is 0.1 to 3600 seconds.", "error"); $("length").value = String(state.length); }
});

// Dragging on the preview moves the emitter of the selected layer (or the first); a point or
// size armed with its ⊕ button is set by the drag instead.
function dragTarget() {
  if (state.dragKey) return state.dragKey;
  // An attractor selected: a drag on the preview places its point.
  const item = state.doc && findItem(state.doc.outline, state.selected);
  if (item && item.kind === "behavior" && (valueAt(item.path) || {}).type === "attractor") {
    return { layer: item.path.slice(0, -2), key: "position", element: item.path.slice(-2) };
  }
  if (!state.doc || state.doc.emitters.length === 0) return null;
  let best = state.doc.emitters[0], bestLength = -1;
  for (const path of state.doc.emitters) {
    if (path.length > bestLength && samePath(path, state.selected.slice(0, path.length))) { best = path; bestLength = path.length; }
  }
  return { layer: best, key: "emitterPosition" };
}
function canvasPoint(event) {
  const rect = canvas.getBoundingClientRect();
  const doc = state.doc && state.doc.document;
  const cw = (doc && doc.canvas && doc.canvas.width) || canvas.width;
  const ch = (doc && doc.canvas && doc.canvas.height) || canvas.height;
  return { x: round(((event.clientX - rect.left) / rect.width) * cw, 2), y: round(((event.clientY - rect.top) / rect.height) * ch, 2) };
}
function sendDrag(event) {
  const target = dragTarget();
  if (target) send({ type: "drag", ...canvasPoint(event), layer: target.layer, key: target.key, element: target.element, group: state.dragging });
}
canvas.addEventListener("pointerdown", (event) => {
  canvas.setPointerCapture(event.pointerId);
  state.dragging = `drag-${Date.now()}`;
  sendDrag(event);
});
canvas.addEventListener("pointermove", (event) => { if (state.dragging) sendDrag(event); });
canvas.addEventListener("pointerup", () => { state.dragging = null; });

// ---- The document --------------------------------------------------------------------

function showDocument(message) {
  const first = state.doc === null || state.doc.file !== message.file;
  state.doc = message;
  if (first) {
    const kept = Number(localStorage.getItem(lengthKey()));
    setLength(kept > 0 ? kept : message.suggestedLength, false);
  }
  $("file-name").textContent = message.file;
  document.title = `${message.file} — Sparks Studio`;
  $("save-state").textContent = message.saved ? "saved" : "saving…";
  $("undo").disabled = !message.canUndo;
  $("redo").disabled = !message.canRedo;
  // An added item is selected before the version holding it arrives: versions before it
  // (a save's "saved", say) keep the selection instead of falling back to the default.
  const awaiting = state.selectionAwaits !== null && message.version <= state.selectionAwaits;
  if (!awaiting) state.selectionAwaits = null;
  if (first || !message.outline || (!awaiting && !findItem(message.outline, state.selected))) state.selected = defaultSelection(message.outline);
  renderTree();
  renderProblems();
  renderInspector();
  runWaitingForCurrent();
}

function defaultSelection(outline) {
  if (!outline) return [];
  const firstCell = (item) => {
    if (item.kind === "cell") return item.path;
    for (const child of item.children) { const p = firstCell(child); if (p) return p; }
    return null;
  };
  return firstCell(outline) || [];
}

function problemsUnder(path) {
  const prefix = pathText(path);
  return (state.doc ? state.doc.problems : []).filter((p) => prefix === "" || p.path === prefix || p.path.startsWith(prefix + ".") || p.path.startsWith(prefix + "["));
}

function renderTree(force = false) {
  if (state.renaming && !force) return; // the rename field stays while the document changes
  state.renaming = false;
  // The tree is built again only when what it shows changes: a document message that changes
  // nothing in it (a save's "saved") leaves its items in place, so a click whose press and
  // release straddle such a message still lands on the item it began on.
  const shown = JSON.stringify([state.doc && state.doc.outline, state.selected, state.doc && state.doc.problems]);
  if (!force && shown === state.treeShown && $("tree").childElementCount > 0) {
    renderAddChoices();
    return;
  }
  state.treeShown = shown;
  const list = $("tree");
  list.textContent = "";
  if (!state.doc || !state.doc.outline) return;
  const add = (item, parent) => {
    const li = document.createElement("li");
    const label = document.createElement("div");
    label.className = "item" + (samePath(item.path, state.selected) ? " selected" : "");
    if (item.path.length > 0 && problemsUnder(item.path).length > 0) label.classList.add("has-problem");
    label.dataset.path = pathText(item.path);
    const kind = item.kind === "layer" ? (item.objects[1] || "layer") : item.kind;
    label.innerHTML = `${escapeHTML(item.label)}<span class="kind">${escapeHTML(kind === item.label ? "" : kind)}</span>`;
    label.onclick = () => { state.selected = item.path; state.selectedKeyframe = null; renderTree(); renderInspector(); };
    li.appendChild(label);
    if (item.children.length > 0) {
      const ul = document.createElement("ul");
      for (const child of frontFirst(item.children)) add(child, ul);
      li.appendChild(ul);
    }
    parent.appendChild(li);
  };
  add(state.doc.outline, list);
  renderAddChoices();
}

// Layers are listed front first, as in After Effects and Photoshop: the file draws its list in
// order, so the last layer (drawn last, in front) is at the top of the tree.
function frontFirst(children) {
  const isLayer = (c) => c.kind === "layer" && typeof c.path[c.path.length - 1] === "number";
  const layers = children.filter(isLayer).reverse();
  let k = 0;
  return children.map((c) => (isLayer(c) ? layers[k++] : c));
}

function renderProblems() {
  const box = $("problems");
  box.textContent = "";
  for (const problem of state.doc.problems) {
    const div = document.createElement("div");
    div.className = "problem";
    div.textContent = problem.text;
    box.appendChild(div);
  }
}

// ---- The inspector -------------------------------------------------------------------

const isAngle = (info) => info.unitName === "radians" || info.unitName === "radiansPerSecond";
const degrees = () => $("degrees").checked;
$("degrees").onchange = () => renderInspector();

// The step a person reads: the power of ten that gives 100 to 1000 steps over the slider's
// range (10 for 0…1000, 0.01 for 0…1, 1° for a turn), so a dragged value has 2–3 significant
// digits. The ends are whole steps: the slider's values are min + k × step.
// The unit beside a number, as a person writes it.
function unitSymbol(info, degreesShown) {
  if (degreesShown) return info.unitName === "radiansPerSecond" ? "°/s" : "°";
  return { points: "pt", pointsPerSecond: "pt/s", pointsPerSecondSquared: "pt/s²", seconds: "s", perSecond: "/s",
    radians: "rad", radiansPerSecond: "rad/s", particlesPerSecond: "/s", factor: "×", fractionPerSecond: "/s",
    pixelsPerPoint: "px/pt" }[info.unitName] ?? "";
}

function sliderStep(span, integer) {
  const step = Math.pow(10, Math.floor(Math.log10(span)) - 2);
  return integer ? Math.max(1, step) : step;
}
function stepDecimals(step) { return Math.max(0, -Math.floor(Math.log10(step) + 1e-9)); }
function snap(v, step) { return Number((Math.round(v / step) * step).toFixed(stepDecimals(step))); }
function sliderRange(info, scale = 1) {
  let lo = info.typical ? info.typical[0] : info.minimum ?? 0;
  let hi = info.typical ? info.typical[1] : info.maximum ?? 1;
  if (info.minimum !== undefined && info.minimum !== null) lo = Math.max(lo, info.minimum);
  if (info.maximum !== undefined && info.maximum !== null) hi = Math.min(hi, info.maximum);
  if (!(hi > lo)) hi = lo + 1;
  lo *= scale; hi *= scale;
  const step = sliderStep(hi - lo, info.integer);
  return [snap(Math.floor(lo / step) * step, step), snap(Math.ceil(hi / step) * step, step), step];
}

// A slider held by the pointer is never rebuilt under it: versions that arrive meanwhile
// are shown when it is let go.
window.addEventListener("pointerup", () => { if (state.holding) { state.holding = false; if (state.inspectorStale) renderInspector(); } });
window.addEventListener("pointercancel", () => { state.holding = false; if (state.inspectorStale) renderInspector(); });

function renderInspector() {
  // Held, or the version is older than the page's own last edit: the fields stay as the hand
  // left them until a version with every edit arrives.
  if (state.holding || (state.doc && state.doc.edits < state.editsSent)) { state.inspectorStale = true; return; }
  state.inspectorStale = false;
  const box = $("inspector");
  const active = document.activeElement && box.contains(document.activeElement) ? document.activeElement : null;
  if (active && active.type !== "range" && state.pendingEdit === null) return; // typing: keep the field as it is
  // A slider moved with the keys is built again with the new value and keeps the keyboard.
  const focused = active ? active.dataset.field : null;
  box.textContent = "";
  const item = state.doc && findItem(state.doc.outline, state.selected);
  $("inspector-title").textContent = item ? `${item.label} (${item.kind})` : "Inspector";
  if (!item) return;
  const node = valueAt(item.path) || {};
  const problems = new Map(problemsUnder(item.path).map((p) => [p.path, p]));
  const shown = new Set();
  if (item.kind === "animation") {
    const group = document.createElement("div");
    group.className = "group";
    group.textContent = "What it animates";
    box.appendChild(group);
    for (const element of animationRows(item, node, problems)) box.appendChild(element);
    for (const key of ["type", "keyPath", "values", "keyTimes", "fromValue", "toValue", "byValue"]) shown.add(key);
  }
  for (const objectName of item.objects) {
    const object = state.table[objectName];
    if (!object) continue;
    const group = document.createElement("div");
    group.className = "group";
    group.textContent = object.title;
    group.title = object.introduction;
    box.appendChild(group);
    // The keys every layer has are many: beyond the everyday ones and those the file sets, they
    // wait under Advanced, folded (a fold opened stays open for the session).
    let into = box;
    const folded = objectName === "layer" && item.objects.length > 1;
    const keys = new Map(object.keys.map((k) => [k.key, k]));
    // An object whose keys depend on one of its keys (a behaviour's type): that key as a menu,
    // and only the keys the chosen value reads.
    let allowed = null;
    if (object.variants) {
      const chosen = object.variants.choices.find((c) => c.value === node[object.variants.key]);
      if (chosen) allowed = new Set([...object.variants.common, ...chosen.keys]);
      shown.add(object.variants.key);
      box.appendChild(variantRow(item, node, object, problems));
    }
    const applies = (key) => !allowed || allowed.has(key);
    // Stops along a life or a gradient (colours or values, with locations): one editor.
    const stops = keys.has("locations") && applies("locations")
      ? object.keys.find((k) => applies(k.key) && (k.kind === "colorList" || k.key === "values")) : null;
    if (stops) shown.add("locations");
    const advanced = document.createElement("details");
    advanced.className = "advanced";
    advanced.open = state.advancedOpen;
    advanced.addEventListener("toggle", () => { state.advancedOpen = advanced.open; });
    const summary = document.createElement("summary");
    advanced.appendChild(summary);
    let foldedCount = 0;
    for (const info of object.keys) {
      if (shown.has(info.key) || !applies(info.key)) continue;
      // A "…Range" key is drawn beside its value; colour speeds and ranges beside the colour.
      if (info.key.endsWith("Range") && keys.has(info.key.slice(0, -5))) continue;
      shown.add(info.key);
      const element = info === stops ? stopsRow(item, node, info, problems) : row(item, node, info, keys, problems);
      const everyday = everydayLayerKeys.has(info.key) || Object.prototype.hasOwnProperty.call(node, info.key) || problems.has(pathText([...item.path, info.key]));
      if (folded && !everyday) { advanced.appendChild(element); foldedCount += 1; } else into.appendChild(element);
    }
    if (foldedCount > 0) {
      summary.textContent = `Advanced: ${foldedCount} more keys of every layer`;
      box.appendChild(advanced);
    }
  }
  // Keys of the element the property table does not list, because their kind depends on
  // another key (an animation's type, keyPath and values, a behaviour's type): each as its
  // JSON text, checked by the preset's rules like any other edit. Elements the tree shows
  // (cells, sublayers, animations, masks) are left to the tree.
  const others = Object.keys(node).filter((key) => !shown.has(key) && !isTreeKey(item, key));
  if (others.length > 0) {
    const group = document.createElement("div");
    group.className = "group";
    group.textContent = "More keys in the file";
    group.title = "Keys whose kind depends on another key; each is its JSON text, as written in the file.";
    box.appendChild(group);
    for (const key of others) {
      const info = { key, kind: "json", summary: `${key}: its JSON text, as written in the file.`, defaultValue: undefined, defaultText: "none (the key is removed)" };
      box.appendChild(row(item, node, info, new Map(), problems));
    }
  }
  if (focused) {
    const field = box.querySelector(`[data-field="${focused}"]`);
    if (field) field.focus();
  }
  state.pendingEdit = null;
  renderKeyframeMarkers();
}

const everydayLayerKeys = new Set(["name", "position", "bounds", "opacity", "hidden", "transform", "backgroundColor", "beginTime", "speed"]);

// Where the selected element holds others (the server's description of a preset's structure):
// its slots for its type, each a key, the element it holds and whether it is a list.
function slotsOf(item) {
  const element = item && state.structure[item.kind];
  if (!element) return [];
  const node = valueAt(item.path) || {};
  const type = element.typeKey && typeof node[element.typeKey] === "string" ? node[element.typeKey] : "";
  return element.slots.filter((slot) => !slot.types || slot.types.includes(type));
}
// Whether `key` of the item holds elements the tree shows.
function isTreeKey(item, key) {
  return slotsOf(item).some((slot) => slot.key === key);
}

function tooltip(info) {
  const parts = [info.summary];
  if (info.unit) parts.push(`Unit: ${info.unit}.`);
  if (info.typical) parts.push(`Typically ${info.typical[0]}…${info.typical[1]}.`);
  parts.push(`Default: ${info.defaultText}.`);
  return parts.join(" ");
}

// One row of the inspector: the key's name (its summary as a tooltip), the editor of its kind,
// a button back to Core Animation's default, and the key's problem if it has one.
function row(item, node, info, keys, problems) {
  const div = document.createElement("div");
  div.className = "row";
  div.dataset.key = info.key;
  const present = Object.prototype.hasOwnProperty.call(node, info.key);
  const value = present ? node[info.key] : info.defaultValue;
  if (present && JSON.stringify(node[info.key]) !== JSON.stringify(info.defaultValue)) div.classList.add("changed");
  const label = document.createElement("label");
  label.textContent = info.key;
  label.title = tooltip(info);
  div.appendChild(label);
  const control = document.createElement("div");
  control.className = "control";
  div.appendChild(control);
  const path = [...item.path, info.key];
  const set = (v, group) => { state.pendingEdit = info.key; edit([{ op: "set", path, value: v }], group); };
  const field = (v, cls = "number") => {
    const input = document.createElement("input");
    input.className = cls;
    input.value = v === undefined || v === null ? "" : typeof v === "string" ? v : JSON.stringify(v);
    input.dataset.field = info.key;
    return input;
  };
  // Typed text: a number or JSON when it reads as one, otherwise the text itself (so a
  // mistake reaches the preset's checks and is shown at the field).
  const typed = (text) => { try { return JSON.parse(text); } catch { return text; } };
  editorFor(info.kind)({ item, node, info, keys, problems, value, path, set, field, typed, control, div });
  const reset = document.createElement("button");
  reset.className = "reset";
  reset.textContent = "×";
  reset.title = `Back to Core Animation's default (${info.defaultText}): the key is removed from the file`;
  reset.onclick = () => edit([{ op: "remove", path }]);
  control.appendChild(reset);
  const problem = problems.get(pathText(path));
  if (problem) addProblem(div, problem);
  return div;
}

// The editor of each kind of value in the property table; any other kind (JSON) is its text.
// Each fills the row's control with its fields (`at` holds the row: its item, node, key info,
// value, path, and `set`, which makes an edit).
function editorFor(kind) {
  switch (kind) {
    case "number": return numberEditor;
    case "bool": return boolEditor;
    case "choice": return choiceEditor;
    case "color": return colorEditor;
    case "image": return imageEditor;
    case "point": case "size": case "offset": case "vector3": case "rect": return vectorEditor;
    default: return textEditor;
  }
}

// A number: a slider with the steps a person reads, the field, its unit, and its …Range beside it
// (drawn as a band on the track).
function numberEditor(at) {
  const { item, node, info, keys, problems, value, path, set, field, typed, control, div } = at;
  const angle = isAngle(info) && degrees();
  const scale = angle ? 180 / Math.PI : 1;
  // The slider and the field show display units (degrees for angles when chosen); the
  // file keeps the property's own (radians).
  const [lo, hi, step] = sliderRange(info, scale);
  const slider = document.createElement("input");
  slider.type = "range";
  slider.min = String(lo);
  slider.max = String(hi);
  slider.step = String(step);
  slider.value = String(typeof value === "number" ? value * scale : 0);
  slider.dataset.field = info.key + ".slider";
  slider.addEventListener("pointerdown", () => { state.sliderGroup = `${pathText(path)}-${Date.now()}`; state.holding = true; });
  // Arrow keys: one undo step per press pause (a run of presses is one step).
  slider.addEventListener("keydown", () => { if (!state.holding) state.sliderGroup = state.keyGroup || (state.keyGroup = `${pathText(path)}-${Date.now()}`); });
  slider.addEventListener("keyup", () => { clearTimeout(state.keyGroupTimer); state.keyGroupTimer = setTimeout(() => { state.keyGroup = null; }, 1000); });
  slider.addEventListener("input", () => {
    const shown = snap(Number(slider.value), step);
    number.value = String(shown);
    set(angle ? round(shown / scale, 6) : shown, state.sliderGroup || `${pathText(path)}-${Date.now()}`);
  });
  const number = field(typeof value === "number" ? round(value * scale, 4) : value);
  number.title = angle ? "degrees" : info.unit || "";
  const unit = document.createElement("span");
  unit.className = "unit";
  unit.textContent = unitSymbol(info, angle);
  unit.title = angle ? (info.unitName === "radiansPerSecond" ? "degrees per second" : "degrees") : info.unit || "";
  number.addEventListener("change", () => {
    const v = typed(number.value);
    set(typeof v === "number" ? round(v / scale, 6) : v);
  });
  control.append(slider, number, unit);
  const rangeKey = keys.get(info.key + "Range");
  if (rangeKey) {
    const rangeValue = node[rangeKey.key] ?? rangeKey.defaultValue ?? 0;
    const plus = document.createElement("span");
    plus.textContent = "±";
    plus.title = tooltip(rangeKey);
    const rangeField = field(round(rangeValue * scale, 4), "range-field");
    rangeField.dataset.field = rangeKey.key;
    rangeField.title = `${rangeKey.key}: ${tooltip(rangeKey)}`;
    rangeField.addEventListener("change", () => {
      const v = typed(rangeField.value);
      state.pendingEdit = rangeKey.key;
      edit([{ op: "set", path: [...item.path, rangeKey.key], value: typeof v === "number" ? round(v / scale, 6) : v }]);
    });
    control.append(plus, rangeField);
    // The band value ± range, drawn on the slider's track.
    const a = ((value * scale - rangeValue * scale - lo) / (hi - lo)) * 100, b = ((value * scale + rangeValue * scale - lo) / (hi - lo)) * 100;
    slider.style.background = `linear-gradient(90deg, transparent ${Math.max(0, a)}%, rgba(255,154,60,0.45) ${Math.max(0, a)}%, rgba(255,154,60,0.45) ${Math.min(100, b)}%, transparent ${Math.min(100, b)}%)`;
    if (node[rangeKey.key] !== undefined && node[rangeKey.key] !== rangeKey.defaultValue) div.classList.add("changed");
    const rangeProblem = problems.get(pathText([...item.path, rangeKey.key]));
    if (rangeProblem) addProblem(div, rangeProblem);
  }
}

// A switch.
function boolEditor(at) {
  const { info, value, set, control } = at;
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = value === true;
  box.dataset.field = info.key;
  box.onchange = () => set(box.checked);
  control.appendChild(box);
}

// A menu of the table's choices (and the file's own value when it is none of them).
function choiceEditor(at) {
  const { info, value, set, control } = at;
  const select = document.createElement("select");
  select.dataset.field = info.key;
  const meanings = new Map(info.options.map((o) => [o.option, o.meaning]));
  for (const choice of info.choices) {
    const option = document.createElement("option");
    option.value = choice;
    option.textContent = choice;
    option.title = meanings.get(choice) || "";
    select.appendChild(option);
  }
  if (typeof value === "string" && !info.choices.includes(value)) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = value;
    select.appendChild(option);
  }
  select.value = value ?? info.choices[0];
  select.onchange = () => set(select.value);
  control.appendChild(select);
}

// A colour: the picker, an alpha slider and the text as the preset writes it.
function colorEditor(at) {
  const { item, info, value, path, set, field, typed, control } = at;
  const rgba = item.colors[info.key] || colorOf(value) || [0, 0, 0, 1];
  const picker = document.createElement("input");
  picker.type = "color";
  picker.dataset.field = info.key;
  picker.value = "#" + rgba.slice(0, 3).map((c) => Math.round(Math.min(Math.max(c, 0), 1) * 255).toString(16).padStart(2, "0")).join("");
  const alpha = document.createElement("input");
  alpha.type = "range";
  alpha.className = "swatch-alpha";
  alpha.min = "0"; alpha.max = "1"; alpha.step = "0.01";
  alpha.value = String(rgba[3]);
  alpha.title = "alpha";
  alpha.dataset.field = info.key + ".alpha";
  const write = (group) => {
    const hex = picker.value;
    const c = [1, 3, 5].map((i) => round(parseInt(hex.slice(i, i + 2), 16) / 255, 3));
    set([...c, round(Number(alpha.value), 3)], group);
  };
  picker.addEventListener("input", () => write(`${pathText(path)}-colour`));
  alpha.addEventListener("pointerdown", () => { state.sliderGroup = `${pathText(path)}-${Date.now()}`; });
  alpha.addEventListener("input", () => write(state.sliderGroup));
  const text = field(value, "wide");
  text.title = "The colour as the preset writes it: #RRGGBB(AA), [r, g, b, a] or a UIKit name";
  text.addEventListener("change", () => set(typed(text.value)));
  control.append(picker, alpha, text);
}

// An image: a menu of the folder's images with a thumbnail; (none) removes the key.
function imageEditor(at) {
  const { info, value, path, set, control } = at;
  const select = document.createElement("select");
  select.dataset.field = info.key;
  const none = document.createElement("option");
  none.value = "";
  none.textContent = "(none)";
  select.appendChild(none);
  for (const name of state.images) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    select.appendChild(option);
  }
  if (typeof value === "string" && value !== "" && !state.images.includes(value)) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = value;
    select.appendChild(option);
  }
  select.value = typeof value === "string" ? value : "";
  const thumb = document.createElement("img");
  thumb.className = "thumb";
  const show = () => { thumb.src = select.value ? api("/api/image", `&name=${encodeURIComponent(select.value)}&changed=${state.doc ? state.doc.imagesChangedAt : 0}`) : ""; thumb.hidden = !select.value; };
  show();
  select.onchange = () => { show(); select.value ? set(select.value) : edit([{ op: "remove", path }]); };
  control.append(thumb, select);
}

// Points, sizes, offsets, vectors and rectangles: one field per component; a layer's points and
// sizes can be set by dragging on the preview.
function vectorEditor(at) {
  const { item, info, value, set, field, typed, control } = at;
  const count = { point: 2, size: 2, offset: 2, vector3: 3, rect: 4 }[info.kind];
  const values = Array.isArray(value) ? value : new Array(count).fill(0);
  const fields = [];
  for (let i = 0; i < count; i += 1) {
    const f = field(values[i] ?? 0);
    f.dataset.field = `${info.key}.${i}`;
    f.addEventListener("change", () => set(fields.map((x) => typed(x.value))));
    fields.push(f);
  }
  control.append(...fields);
  // Points and sizes of a layer, in points: set by dragging on the preview.
  if ((info.kind === "point" || info.kind === "size") && info.unitName === "points" && item.kind === "layer") {
    const aim = document.createElement("button");
    const armed = state.dragKey && state.dragKey.key === info.key && samePath(state.dragKey.layer, item.path);
    aim.textContent = "⊕";
    aim.className = "aim" + (armed ? " armed" : "");
    aim.title = armed ? "Dragging on the preview sets this; click to go back to moving the emitter"
      : info.kind === "size" ? "Drag on the preview to set this size (twice the distance from the emitter's position)"
      : "Drag on the preview to set this point";
    aim.onclick = () => { state.dragKey = armed ? null : { layer: item.path, key: info.key }; renderInspector(); };
    control.appendChild(aim);
  }
}

// Anything else: its JSON text.
function textEditor(at) {
  const { value, set, field, typed, control } = at;
  const text = field(value, "wide");
  text.addEventListener("change", () => set(typed(text.value)));
  control.appendChild(text);
}

// The menu of an object's choosing key. Choosing another value is one edit (one undo step):
// the key set, the keys the new value does not read taken out, and the ones it reads given the
// table's example values where they differ from the default, so the choice shows at once.
function variantRow(item, node, object, problems) {
  const variants = object.variants;
  const choices = variants.choices.map((c) => c.value);
  const info = {
    key: variants.key, kind: "choice", choices, options: [], defaultValue: undefined, defaultText: "none: it is needed",
    summary: `What this ${object.name === "emitterBehaviors" ? "behaviour" : "element"} is; each kind has keys of its own.`,
  };
  const div = row(item, node, info, new Map(), problems);
  const select = div.querySelector("select");
  select.onchange = () => whenCurrent(() => {
    const node = valueAt(item.path) || {};
    const reads = new Set([variants.key, ...variants.common, ...(variants.choices.find((c) => c.value === select.value) || { keys: [] }).keys]);
    const edits = [{ op: "set", path: [...item.path, variants.key], value: select.value }];
    for (const key of Object.keys(node)) if (!reads.has(key) && !isTreeKey(item, key)) edits.push({ op: "remove", path: [...item.path, key] });
    for (const key of reads) {
      if (key === variants.key || variants.common.includes(key) || Object.prototype.hasOwnProperty.call(node, key)) continue;
      const example = exampleValue(object.name, key);
      const keyInfo = object.keys.find((k) => k.key === key);
      // Choices keep Core Animation's default (an attractor stays radial); numbers and points
      // take the table's example, so the new type shows at once.
      if (example !== undefined && keyInfo && keyInfo.kind !== "choice" && JSON.stringify(example) !== JSON.stringify(keyInfo.defaultValue)) {
        edits.push({ op: "set", path: [...item.path, key], value: example });
      }
    }
    state.pendingEdit = variants.key;
    edit(edits, `${pathText(item.path)}-${variants.key}-${Date.now()}`);
  });
  div.querySelector(".reset").remove();
  return div;
}

// A button of the inspector's.
function button(className, text, title, onclick) {
  const b = document.createElement("button");
  b.className = className;
  b.textContent = text;
  b.title = title;
  b.onclick = onclick;
  return b;
}

// The stops of `info.key` (colours or values) with their locations, as the file has them (the
// example when it has none; locations evenly spaced when they are not given one per stop).
function readStops(item, node, info) {
  const isColor = info.kind === "colorList";
  let raw = Array.isArray(node[info.key]) ? node[info.key] : [];
  if (!Array.isArray(node[info.key])) { try { raw = JSON.parse(info.example); } catch { raw = []; } }
  const n = raw.length;
  const read = isColor ? (item.colorLists[info.key] || raw.map((v) => colorOf(v) || [1, 1, 1, 1])) : raw.map(Number);
  const at = Array.isArray(node.locations) && node.locations.length === n ? node.locations.map(Number)
    : raw.map((_, i) => (n > 1 ? round(i / (n - 1), 4) : 0));
  return raw.map((text, i) => ({ at: at[i], value: isColor ? (read[i] || [1, 1, 1, 1]) : read[i], text }));
}

// Runs `action` once the document holds every edit this page has sent (at once when it does):
// an edit made of a whole list is made from the list as the page's own last edit left it.
const waitingForCurrent = [];
function whenCurrent(action) {
  if (!state.doc || state.doc.edits >= state.editsSent) action();
  else waitingForCurrent.push(action);
}
function runWaitingForCurrent() {
  while (waitingForCurrent.length > 0 && state.doc && state.doc.edits >= state.editsSent) waitingForCurrent.shift()();
}

// Stops along a particle's life or a gradient: colours (a gradient with a colour and alpha per
// stop) or values (a curve), each at a location 0…1, added, moved, recoloured and taken out
// here; the list and its locations are written together, sorted by location.
function stopsRow(item, node, info, problems) {
  const isColor = info.kind === "colorList";
  const div = document.createElement("div");
  div.className = "row stops";
  div.dataset.key = info.key;
  const label = document.createElement("label");
  label.textContent = `${info.key} & locations`;
  label.title = tooltip(info);
  div.appendChild(label);
  if (Array.isArray(node[info.key])) div.classList.add("changed");
  const stops = readStops(item, node, info);
  const path = [...item.path, info.key];
  // A change is made to the stops as the page's last edit left them (read when every edit
  // sent is in the document), so quick changes one after another all count.
  const write = (change, group) => whenCurrent(() => {
    const current = findItem(state.doc.outline, item.path);
    const now = current && valueAt(item.path);
    if (!now) return;
    const sorted = [...change(readStops(current, now, info))].sort((a, b) => a.at - b.at);
    state.pendingEdit = info.key;
    edit([
      { op: "set", path, value: sorted.map((s) => s.text) },
      { op: "set", path: [...item.path, "locations"], value: sorted.map((s) => round(s.at, 4)) },
    ], group);
  });
  const control = document.createElement("div");
  control.className = "control stops-control";
  div.appendChild(control);
  // The picture of the stops: the gradient over a checkerboard, or the curve.
  const css = (c) => `rgba(${c.slice(0, 3).map((x) => Math.round(Math.min(Math.max(x, 0), 1) * 255)).join(",")},${c[3]})`;
  if (isColor) {
    const bar = document.createElement("div");
    bar.className = "gradient-bar";
    const sorted = [...stops].sort((a, b) => a.at - b.at);
    bar.style.backgroundImage = sorted.length > 0
      ? `linear-gradient(90deg, ${sorted.map((s) => `${css(s.value)} ${round(s.at * 100, 2)}%`).join(", ")}), repeating-conic-gradient(#777 0% 25%, #aaa 0% 50%)`
      : "none";
    if (sorted.length > 0) bar.style.backgroundSize = "100% 100%, 12px 12px";
    control.appendChild(bar);
  } else {
    const sorted = [...stops].sort((a, b) => a.at - b.at);
    const lo = Math.min(0, ...sorted.map((s) => s.value)), hi = Math.max(1, ...sorted.map((s) => s.value));
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 100 40");
    svg.setAttribute("preserveAspectRatio", "none");
    svg.classList.add("curve");
    const y = (v) => 38 - ((v - lo) / (hi - lo || 1)) * 36;
    const line = document.createElementNS(svg.namespaceURI, "polyline");
    const points = sorted.length > 0 ? [[0, sorted[0].value], ...sorted.map((s) => [s.at, s.value]), [1, sorted[sorted.length - 1].value]] : [];
    line.setAttribute("points", points.map(([t, v]) => `${round(t * 100, 2)},${round(y(v), 2)}`).join(" "));
    svg.appendChild(line);
    for (const s of sorted) {
      const dot = document.createElementNS(svg.namespaceURI, "circle");
      dot.setAttribute("cx", String(round(s.at * 100, 2))); dot.setAttribute("cy", String(round(y(s.value), 2))); dot.setAttribute("r", "1.8");
      svg.appendChild(dot);
    }
    svg.title = `${round(lo, 3)} … ${round(hi, 3)}`;
    control.appendChild(svg);
  }
  stops.forEach((stop, i) => {
    const line = document.createElement("div");
    line.className = "stop";
    line.dataset.stop = String(i);
    const where = document.createElement("input");
    where.className = "number";
    where.value = String(round(stop.at, 4));
    where.title = "Where the stop is in the life (0: birth, 1: death)";
    where.dataset.field = `${info.key}.${i}.at`;
    where.addEventListener("change", () => {
      const v = Number(where.value);
      if (!(v >= 0 && v <= 1)) { notice("A stop's location is from 0 to 1.", "error"); where.value = String(stop.at); return; }
      write((list) => list.map((s, j) => (j === i ? { ...s, at: v } : s)));
    });
    line.appendChild(where);
    if (isColor) {
      const picker = document.createElement("input");
      picker.type = "color";
      picker.dataset.field = `${info.key}.${i}.color`;
      picker.value = "#" + stop.value.slice(0, 3).map((c) => Math.round(Math.min(Math.max(c, 0), 1) * 255).toString(16).padStart(2, "0")).join("");
      const alpha = document.createElement("input");
      alpha.type = "range"; alpha.className = "swatch-alpha"; alpha.min = "0"; alpha.max = "1"; alpha.step = "0.01";
      alpha.value = String(stop.value[3]);
      alpha.title = "alpha";
      alpha.dataset.field = `${info.key}.${i}.alpha`;
      const colorText = () => {
        const a = Math.round(Number(alpha.value) * 255);
        return picker.value + (a === 255 ? "" : a.toString(16).padStart(2, "0"));
      };
      const group = `${pathText(path)}-${i}-${Date.now()}`;
      picker.addEventListener("input", () => { const text = colorText(); write((list) => list.map((s, j) => (j === i ? { ...s, text } : s)), group); });
      alpha.addEventListener("pointerdown", () => { state.holding = true; });
      alpha.addEventListener("input", () => { const text = colorText(); write((list) => list.map((s, j) => (j === i ? { ...s, text } : s)), group); });
      line.append(picker, alpha);
    } else {
      const value = document.createElement("input");
      value.className = "number";
      value.value = String(stop.value);
      value.title = "The value at this stop";
      value.dataset.field = `${info.key}.${i}.value`;
      value.addEventListener("change", () => {
        const v = Number(value.value);
        if (!Number.isFinite(v)) { notice("A stop's value is a number.", "error"); value.value = String(stop.value); return; }
        write((list) => list.map((s, j) => (j === i ? { ...s, value: v, text: v } : s)));
      });
      line.appendChild(value);
    }
    const remove = button("remove-stop", "✕", "Take this stop out", () => write((list) => list.filter((_, j) => j !== i)));
    remove.disabled = stops.length <= 1;
    line.appendChild(remove);
    control.appendChild(line);
  });
  // A new stop in the middle of the widest gap, with the colour or value already there.
  const add = button("add-stop", "+ stop", "Add a stop in the middle of the widest gap", () => write((stops) => {
    const sorted = [...stops].sort((a, b) => a.at - b.at);
    if (sorted.length === 0) return [{ at: 0, value: null, text: isColor ? "#ffffff" : 1 }];
    let best = { from: sorted[sorted.length - 1], to: null, width: 1 - sorted[sorted.length - 1].at };
    if (sorted[0].at > best.width) best = { from: null, to: sorted[0], width: sorted[0].at };
    for (let j = 0; j + 1 < sorted.length; j += 1) {
      const width = sorted[j + 1].at - sorted[j].at;
      if (width > best.width) best = { from: sorted[j], to: sorted[j + 1], width };
    }
    const a = best.from || best.to, b = best.to || best.from;
    const t = best.from && best.to ? (best.from.at + best.to.at) / 2 : best.from ? (best.from.at + 1) / 2 : best.to.at / 2;
    const mix = (x, y) => (x + y) / 2;
    const text = isColor
      ? "#" + a.value.slice(0, 3).map((c, k) => Math.round(Math.min(Math.max(mix(c, b.value[k]), 0), 1) * 255).toString(16).padStart(2, "0")).join("")
        + Math.round(Math.min(Math.max(mix(a.value[3], b.value[3]), 0), 1) * 255).toString(16).padStart(2, "0")
      : round(mix(a.value, b.value), 4);
    return [...stops, { at: round(t, 4), value: isColor ? null : text, text }];
  }));
  control.appendChild(add);
  const reset = document.createElement("button");
  reset.className = "reset";
  reset.textContent = "×";
  reset.title = `Back to the default (${info.defaultText}): ${info.key} and locations are removed from the file`;
  reset.onclick = () => edit([{ op: "remove", path }, { op: "remove", path: [...item.path, "locations"] }]);
  control.appendChild(reset);
  for (const key of [info.key, "locations"]) {
    const problem = problems.get(pathText([...item.path, key]));
    if (problem) addProblem(div, problem);
  }
  return div;
}

// ---- Animations and keyframes ----------------------------------------------------------

// The selected animation, when it is a keyframe animation: its keyframes as the file has them
// (keyTimes evenly spaced when the file has none) and where they fall in scene time (the
// animation's beginTime plus keyTime × duration; its first cycle).
function keyframesOf(item) {
  if (!item || item.kind !== "animation") return null;
  const node = valueAt(item.path);
  if (!node || node.type !== "keyframe" || !Array.isArray(node.values)) return null;
  const n = node.values.length;
  const times = Array.isArray(node.keyTimes) && node.keyTimes.length === n ? node.keyTimes.map(Number)
    : node.values.map((_, i) => (n > 1 ? i / (n - 1) : 0));
  const duration = typeof node.duration === "number" && node.duration > 0 ? node.duration : 0.25;
  const begin = typeof node.beginTime === "number" ? node.beginTime : 0;
  return { node, values: node.values, times, duration, begin };
}
// A change to the keyframes as the page's last edit left them (see whenCurrent).
function changeKeyframes(item, change, group) {
  whenCurrent(() => {
    const current = findItem(state.doc.outline, item.path);
    const frames = keyframesOf(current);
    if (!frames) return;
    writeKeyframes(current, change(frames.values.map((value, i) => ({ value, time: frames.times[i] }))), group);
  });
}
function writeKeyframes(item, frames, group) {
  const sorted = [...frames].sort((a, b) => a.time - b.time);
  state.pendingEdit = "values";
  edit([
    { op: "set", path: [...item.path, "values"], value: sorted.map((f) => f.value) },
    { op: "set", path: [...item.path, "keyTimes"], value: sorted.map((f) => round(f.time, 4)) },
  ], group);
}
function keyPathKind(item, keyPath) {
  const entry = (item.keyPaths || []).find((k) => k.keyPath === keyPath);
  return entry ? entry.kind : null;
}
// The value `keyPath` has now on the animation's layer, as the file says (or the table's
// default): what a new keyframe or a new key path starts from.
function currentValue(item, keyPath) {
  let node = valueAt(item.path.slice(0, -2)) || {};
  let object = node.type && state.table[node.type] ? node.type : "layer";
  const parts = keyPath.split(".");
  let i = 0;
  while (i + 1 < parts.length && (parts[i] === "emitterCells" || parts[i] === "emitterBehaviors")) {
    const list = Array.isArray(node[parts[i]]) ? node[parts[i]] : [];
    object = parts[i];
    node = list.find((e) => e && e.name === parts[i + 1]) || {};
    i += 2;
  }
  const key = parts[i], rest = parts.slice(i + 1).join(".");
  const info = (state.table[object] || { keys: [] }).keys.find((k) => k.key === key)
    || state.table.layer.keys.find((k) => k.key === key);
  let value = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : info ? info.defaultValue : 0;
  if (key === "transform" && rest) return rest.startsWith("scale") ? 1 : 0;
  if (rest && Array.isArray(value)) value = value[{ x: 0, y: 1, width: 0, height: 1 }[rest] ?? 0];
  return value === undefined || value === null ? 0 : value;
}
// The value between keyframes at time t (linear for numbers and lists of numbers, the earlier
// keyframe's otherwise): what a keyframe added at the playhead takes.
function valueBetween(frames, t) {
  const sorted = [...frames].sort((a, b) => a.time - b.time);
  if (sorted.length === 0) return 0;
  if (t <= sorted[0].time) return sorted[0].value;
  for (let i = 0; i + 1 < sorted.length; i += 1) {
    const a = sorted[i], b = sorted[i + 1];
    if (t > b.time) continue;
    const f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 0;
    if (typeof a.value === "number" && typeof b.value === "number") return round(a.value + (b.value - a.value) * f, 4);
    if (Array.isArray(a.value) && Array.isArray(b.value) && a.value.every((x) => typeof x === "number")) {
      return a.value.map((x, k) => round(x + ((b.value[k] ?? x) - x) * f, 4));
    }
    return a.value;
  }
  return sorted[sorted.length - 1].value;
}

function animationRows(item, node, problems) {
  const rows = [];
  const type = node.type || "basic";
  const keyPath = typeof node.keyPath === "string" ? node.keyPath : "";
  // The type: basic (from → to) or keyframe (values at key times); changing it carries the
  // values over in one edit.
  if (type !== "group") {
    const info = { key: "type", kind: "choice", choices: ["basic", "spring", "keyframe"], options: [
      { option: "basic", meaning: "from one value to another (CABasicAnimation)" },
      { option: "spring", meaning: "from one value to another on a damped spring that overshoots and settles (CASpringAnimation)" },
      { option: "keyframe", meaning: "through values at key times (CAKeyframeAnimation)" },
    ], summary: "basic: fromValue → toValue; spring: the same on a spring (mass, stiffness, damping); keyframe: values at keyTimes.", defaultText: "basic" };
    const div = row(item, node, info, new Map(), problems);
    div.querySelector(".reset").remove();
    const select = div.querySelector("select");
    select.onchange = () => whenCurrent(() => {
      const node = valueAt(item.path) || {};
      const keyPath = typeof node.keyPath === "string" ? node.keyPath : "";
      const edits = [{ op: "set", path: [...item.path, "type"], value: select.value }];
      const now = keyPath ? currentValue(item, keyPath) : 0;
      // Only a spring has a spring's keys.
      if (select.value !== "spring") {
        for (const key of Object.keys(node)) {
          if (state.table.spring.keys.some((k) => k.key === key)) edits.push({ op: "remove", path: [...item.path, key] });
        }
      }
      if (select.value === "keyframe") {
        const from = node.fromValue ?? now, to = node.toValue ?? node.fromValue ?? now;
        edits.push({ op: "set", path: [...item.path, "values"], value: [from, to] }, { op: "set", path: [...item.path, "keyTimes"], value: [0, 1] });
        for (const key of ["fromValue", "toValue", "byValue"]) if (key in node) edits.push({ op: "remove", path: [...item.path, key] });
      } else if (type === "keyframe") {
        const values = Array.isArray(node.values) && node.values.length > 0 ? node.values : [now];
        edits.push({ op: "set", path: [...item.path, "fromValue"], value: values[0] }, { op: "set", path: [...item.path, "toValue"], value: values[values.length - 1] });
        for (const key of Object.keys(node)) {
          if (key === "values" || key === "keyTimes" || state.table.keyframe.keys.some((k) => k.key === key)) edits.push({ op: "remove", path: [...item.path, key] });
        }
      }
      state.pendingEdit = "type";
      edit(edits, `${pathText(item.path)}-type-${Date.now()}`);
    });
    rows.push(div);
  }
  // The key path: a menu of what the layer can animate (its cells' and behaviours' keys too).
  {
    const info = { key: "keyPath", kind: "choice", choices: (item.keyPaths || []).map((k) => k.keyPath), options: [],
      summary: "The property animated: the layer's, its kind's, or a cell's or behaviour's by name.", defaultText: "none: it is needed" };
    const div = row(item, node, info, new Map(), problems);
    div.querySelector(".reset").remove();
    const select = div.querySelector("select");
    for (const option of select.options) option.title = keyPathKind(item, option.value) || "";
    select.value = keyPath;
    select.onchange = () => whenCurrent(() => {
      const node = valueAt(item.path) || {};
      const type = node.type || "basic";
      const keyPath = typeof node.keyPath === "string" ? node.keyPath : "";
      const edits = [{ op: "set", path: [...item.path, "keyPath"], value: select.value }];
      // Another kind of value: the values start again from the property's value now.
      if (keyPathKind(item, select.value) !== keyPathKind(item, keyPath)) {
        const now = currentValue(item, select.value);
        if (type === "keyframe") {
          const n = Array.isArray(node.values) ? Math.max(node.values.length, 2) : 2;
          edits.push({ op: "set", path: [...item.path, "values"], value: new Array(n).fill(now) });
        } else {
          edits.push({ op: "set", path: [...item.path, "fromValue"], value: now }, { op: "set", path: [...item.path, "toValue"], value: now });
          if ("byValue" in node) edits.push({ op: "remove", path: [...item.path, "byValue"] });
        }
      }
      state.pendingEdit = "keyPath";
      edit(edits, `${pathText(item.path)}-keyPath-${Date.now()}`);
    });
    rows.push(div);
  }
  const kind = keyPathKind(item, keyPath);
  if (type === "keyframe") rows.push(keyframesRow(item, kind, problems));
  else if (type === "basic" || type === "spring") {
    for (const key of ["fromValue", "toValue", "byValue"]) {
      const info = { key, kind: "value", summary: `${key}: a value of the animated property.`, defaultValue: undefined, defaultText: "none" };
      rows.push(valueRow(item, node, info, kind, problems));
    }
  }
  return rows;
}

// One value of the animated property, edited as its kind: a number, a colour, [x, y]…
function valueEditor(value, kind, field, onValue) {
  const inputs = [];
  const number = (v, name) => {
    const input = document.createElement("input");
    input.className = "number";
    input.value = v === undefined || v === null ? "" : String(v);
    input.dataset.field = name;
    inputs.push(input);
    return input;
  };
  if (kind === "number") {
    const input = number(typeof value === "number" ? round(value, 6) : value, field);
    input.addEventListener("change", () => { const v = Number(input.value); if (input.value.trim() !== "" && Number.isFinite(v)) onValue(v); else notice("A number, such as 0.5.", "error"); });
  } else if (kind === "color") {
    const rgba = colorOf(value) || [1, 1, 1, 1];
    const picker = document.createElement("input");
    picker.type = "color";
    picker.dataset.field = field;
    picker.value = "#" + rgba.slice(0, 3).map((c) => Math.round(Math.min(Math.max(c, 0), 1) * 255).toString(16).padStart(2, "0")).join("");
    const alpha = Math.round(rgba[3] * 255);
    picker.addEventListener("input", () => onValue(picker.value + (alpha === 255 ? "" : alpha.toString(16).padStart(2, "0"))));
    inputs.push(picker);
  } else if (["point", "size", "offset", "vector3", "rect"].includes(kind)) {
    const count = { point: 2, size: 2, offset: 2, vector3: 3, rect: 4 }[kind];
    const list = Array.isArray(value) ? value : new Array(count).fill(0);
    const fields = [];
    for (let i = 0; i < count; i += 1) fields.push(number(list[i] ?? 0, `${field}.${i}`));
    for (const f of fields) f.addEventListener("change", () => onValue(fields.map((x) => Number(x.value))));
  } else {
    const input = number(value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value), field);
    input.className = "wide";
    input.addEventListener("change", () => { try { onValue(JSON.parse(input.value)); } catch { onValue(input.value); } });
  }
  return inputs;
}

function valueRow(item, node, info, kind, problems) {
  const div = document.createElement("div");
  div.className = "row";
  div.dataset.key = info.key;
  const present = Object.prototype.hasOwnProperty.call(node, info.key);
  if (present) div.classList.add("changed");
  const label = document.createElement("label");
  label.textContent = info.key;
  label.title = info.summary;
  div.appendChild(label);
  const control = document.createElement("div");
  control.className = "control";
  div.appendChild(control);
  const path = [...item.path, info.key];
  control.append(...valueEditor(present ? node[info.key] : undefined, kind, info.key, (v) => { state.pendingEdit = info.key; edit([{ op: "set", path, value: v }]); }));
  const reset = document.createElement("button");
  reset.className = "reset";
  reset.textContent = "×";
  reset.title = `Take ${info.key} out of the file`;
  reset.onclick = () => edit([{ op: "remove", path }]);
  control.appendChild(reset);
  const problem = problems.get(pathText(path));
  if (problem) addProblem(div, problem);
  return div;
}

// The keyframes: one line each (its time in seconds and its value), ✕ to take one out, and a
// button that adds one at the playhead; the timeline shows them as ◆, dragged to move them.
function keyframesRow(item, kind, problems) {
  const frames = keyframesOf(item);
  const div = document.createElement("div");
  div.className = "row stops keyframes";
  div.dataset.key = "values";
  const label = document.createElement("label");
  label.textContent = "keyframes";
  label.title = "The values and when they are reached (values and keyTimes in the file): seconds from the animation's start";
  div.appendChild(label);
  const control = document.createElement("div");
  control.className = "control stops-control";
  div.appendChild(control);
  const list = frames ? frames.values.map((value, i) => ({ value, time: frames.times[i] })) : [];
  list.forEach((frame, i) => {
    const line = document.createElement("div");
    line.className = "stop" + (state.selectedKeyframe === i ? " selected" : "");
    line.dataset.stop = String(i);
    const when = document.createElement("input");
    when.className = "number";
    when.value = String(round(frames.begin + frame.time * frames.duration, 3));
    when.title = "When, in seconds of the scene (the animation's beginTime + keyTime × duration)";
    when.dataset.field = `keyframes.${i}.time`;
    when.addEventListener("change", () => {
      const t = (Number(when.value) - frames.begin) / frames.duration;
      if (!(t >= 0 && t <= 1)) { notice(`A keyframe is within the animation: ${round(frames.begin, 3)} to ${round(frames.begin + frames.duration, 3)} s.`, "error"); when.value = String(round(frames.begin + frame.time * frames.duration, 3)); return; }
      changeKeyframes(item, (frames) => frames.map((f, j) => (j === i ? { ...f, time: t } : f)));
    });
    line.appendChild(when);
    line.append(...valueEditor(frame.value, kind, `keyframes.${i}.value`, (v) => changeKeyframes(item, (frames) => frames.map((f, j) => (j === i ? { ...f, value: v } : f)), `${pathText(item.path)}-keyframe-${i}`)));
    const remove = button("remove-stop", "✕", "Take this keyframe out", () => {
      state.selectedKeyframe = null;
      changeKeyframes(item, (frames) => frames.filter((_, j) => j !== i));
    });
    remove.disabled = list.length <= 1;
    line.appendChild(remove);
    control.appendChild(line);
  });
  control.appendChild(button("add-stop add-keyframe", "◆+ at the playhead", "Add a keyframe at the time shown, with the value the animation has there",
    () => addKeyframeAtPlayhead(item)));
  for (const key of ["values", "keyTimes"]) {
    const problem = problems.get(pathText([...item.path, key]));
    if (problem) addProblem(div, problem);
  }
  return div;
}

function addKeyframeAtPlayhead(item) {
  const now = state.header ? state.header.time : 0;
  changeKeyframes(item, (list) => {
    const frames = keyframesOf(findItem(state.doc.outline, item.path));
    const t = (now - frames.begin) / frames.duration;
    if (!(t >= 0 && t <= 1)) {
      notice(`The playhead (${now.toFixed(2)} s) is outside the animation (${round(frames.begin, 3)} to ${round(frames.begin + frames.duration, 3)} s): move it there first.`, "error");
      return list;
    }
    if (list.some((f) => Math.abs(f.time - t) < 1e-4)) { notice("There is a keyframe at the playhead already."); return list; }
    const added = [...list, { value: valueBetween(list, t), time: t }];
    state.selectedKeyframe = [...added].sort((a, b) => a.time - b.time).findIndex((f) => f.time === t);
    return added;
  }, `${pathText(item.path)}-add-keyframe-${Date.now()}`);
}

// The selected keyframe animation's keyframes on the timeline, as ◆ at their times: a click
// selects one, a drag moves it (between its neighbours), Delete takes the selected one out.
function renderKeyframeMarkers() {
  const layer = $("keyframe-marks");
  layer.textContent = "";
  const item = state.doc && findItem(state.doc.outline, state.selected);
  const frames = keyframesOf(item);
  $("add-keyframe").hidden = !frames;
  if (!frames) return;
  const trackX = (seconds) => `calc(8px + (100% - 16px) * ${Math.min(Math.max(seconds / state.length, 0), 1)})`;
  frames.times.forEach((keyTime, i) => {
    const seconds = frames.begin + keyTime * frames.duration;
    if (seconds > state.length + 1e-9) return;
    const mark = document.createElement("span");
    mark.className = "keyframe-mark" + (state.selectedKeyframe === i ? " selected" : "");
    mark.dataset.keyframe = String(i);
    mark.textContent = "◆";
    mark.title = `keyframe ${i + 1}: ${round(seconds, 3)} s — drag to move, Delete to take out`;
    mark.style.left = trackX(seconds);
    mark.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      mark.setPointerCapture(event.pointerId);
      state.selectedKeyframe = i;
      state.holding = true;
      for (const m of layer.children) m.classList.toggle("selected", m === mark);
      const box = layer.getBoundingClientRect();
      const lo = i > 0 ? frames.times[i - 1] + 0.001 : 0, hi = i + 1 < frames.times.length ? frames.times[i + 1] - 0.001 : 1;
      let moved = null;
      const move = (e) => {
        const f = Math.min(Math.max((e.clientX - box.left - 8) / (box.width - 16), 0), 1);
        const t = Math.min(Math.max((f * state.length - frames.begin) / frames.duration, lo), hi);
        moved = round(t, 3);
        mark.style.left = trackX(frames.begin + moved * frames.duration);
      };
      const up = () => {
        mark.removeEventListener("pointermove", move);
        mark.removeEventListener("pointerup", up);
        state.holding = false;
        if (moved !== null && Math.abs(moved - keyTime) > 1e-9) {
          const to = moved;
          changeKeyframes(item, (list) => list.map((f, j) => (j === i ? { ...f, time: to } : f)));
        } else renderInspector();
      };
      mark.addEventListener("pointermove", move);
      mark.addEventListener("pointerup", up);
    });
    layer.appendChild(mark);
  });
}
$("add-keyframe").onclick = () => addKeyframeAtPlayhead(findItem(state.doc.outline, state.selected));

function addProblem(div, problem) {
  div.classList.add("has-problem");
  const p = document.createElement("div");
  p.className = "problem";
  p.textContent = problem.message + (problem.suggestion ? ` — did you mean "${problem.suggestion}"?` : "");
  div.appendChild(p);
}

function colorOf(value) {
  if (Array.isArray(value) && value.length >= 3) return [value[0], value[1], value[2], value[3] ?? 1];
  if (typeof value === "string" && /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(value)) {
    const n = (i) => parseInt(value.slice(i, i + 2), 16) / 255;
    return [n(1), n(3), n(5), value.length === 9 ? n(7) : 1];
  }
  return null;
}

// ---- The tree's tools ----------------------------------------------------------------

function exampleValue(objectName, key) {
  const info = state.table[objectName].keys.find((k) => k.key === key);
  if (!info || !info.example) return undefined;
  try { return JSON.parse(info.example); } catch { return info.example; }
}
function newCell(name, parent) {
  // A cell that shows something: the property table's example values. A sub-cell's birth
  // rate is per particle of its parent: it makes two particles over each parent's life.
  const cell = { name };
  for (const key of ["birthRate", "lifetime", "velocity", "emissionRange", "scale", "alphaSpeed"]) {
    const v = exampleValue("emitterCells", key);
    if (v !== undefined) cell[key] = v;
  }
  if (parent && typeof parent.lifetime === "number" && parent.lifetime > 0) {
    cell.birthRate = round(2 / parent.lifetime, 3);
    cell.lifetime = Math.min(cell.lifetime ?? 1, 1);
  }
  if (state.images.includes("spark.png")) cell.contents = "spark.png";
  else if (state.images.length > 0) cell.contents = state.images[0];
  return cell;
}
function uniqueName(base, field = "name") {
  const text = JSON.stringify(state.doc.document);
  let n = 1;
  while (text.includes(`"${field}":"${base}${n}"`)) n += 1;
  return `${base}${n}`;
}

// What + Add can put into the selected item, the first being what a click adds: an element
// for each list the item holds (a behaviour of each type), or else a layer at the top.
function addChoices(item) {
  if (!item) return [];
  const choices = [];
  for (const slot of slotsOf(item).filter((s) => s.list)) {
    if (slot.element === "cell") choices.push(["cell", item.kind === "cell" ? "sub-cell" : "cell"]);
    else if (slot.element === "behavior") {
      for (const c of (state.table.emitterBehaviors.variants || { choices: [] }).choices) choices.push([`behavior:${c.value}`, `${c.value} behaviour`]);
    } else if (slot.element === "animation") choices.push(["animation", "animation"]);
    else if (slot.element === "layer") choices.push(item.kind === "preset" ? ["layer", "emitter layer"] : ["sublayer", "sublayer"]);
  }
  return choices.length > 0 ? choices : [["layer", "emitter layer"]];
}
// The list + Add's choice `what` goes into: the item's list of that element, or the top layers.
function addPath(item, what) {
  const element = what.startsWith("behavior:") ? "behavior" : what === "sublayer" || what === "layer" ? "layer" : what;
  const slot = what === "layer" ? null : slotsOf(item).find((s) => s.list && s.element === element);
  return slot ? [...item.path, slot.key] : [state.structure.preset.slots.find((s) => s.element === "layer").key];
}
function renderAddChoices() {
  const menu = $("add-what");
  const item = state.doc && findItem(state.doc.outline, state.selected);
  const choices = addChoices(item);
  const wanted = choices.some(([value]) => value === menu.value) && menu.dataset.for === pathText(state.selected) ? menu.value : null;
  menu.textContent = "";
  for (const [value, label] of choices) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = label;
    menu.appendChild(option);
  }
  menu.value = wanted ?? (choices[0] ? choices[0][0] : "");
  menu.dataset.for = pathText(state.selected);
}
function insertInto(path, value) {
  const list = valueAt(path);
  const index = Array.isArray(list) ? list.length : 0;
  edit([{ op: "insert", path, index, value }]);
  state.selected = [...path, index];
  state.selectionAwaits = state.doc.version;
}

$("add-item").onclick = () => {
  const item = findItem(state.doc.outline, state.selected);
  if (!item) return;
  const doc = state.doc.document;
  const what = $("add-what").value;
  if (what.startsWith("behavior:")) {
    // A behaviour of the chosen type with the table's example values for its keys, so it acts.
    const type = what.slice("behavior:".length);
    const object = state.table.emitterBehaviors;
    const behaviour = { type, name: uniqueName(type) };
    const choice = object.variants.choices.find((c) => c.value === type);
    for (const key of choice ? choice.keys : []) {
      const example = exampleValue("emitterBehaviors", key);
      const info = object.keys.find((k) => k.key === key);
      if (example !== undefined && info && info.kind !== "choice" && JSON.stringify(example) !== JSON.stringify(info.defaultValue)) behaviour[key] = example;
    }
    insertInto(addPath(item, what), behaviour);
  } else if (what === "animation") {
    // A gentle pulse of the layer's opacity, forever: its type, keyPath and values are
    // under "More keys in the file".
    insertInto(addPath(item, what), {
      type: "basic", key: uniqueName("animation", "key"), keyPath: "opacity", fromValue: 1, toValue: 0.5,
      duration: 1, autoreverses: true, repeatCount: "infinity",
    });
  } else if (what === "sublayer") {
    insertInto(addPath(item, what), { type: "layer", name: uniqueName("layer") });
  } else if (what === "cell") {
    const parent = item.kind === "cell" ? valueAt(item.path) : null;
    insertInto(addPath(item, what), newCell(uniqueName(item.kind === "cell" ? "spark" : "cell"), parent));
  } else {
    const canvasSize = doc.canvas || {};
    const w = canvasSize.width || 800, h = canvasSize.height || 600;
    const layer = { type: "emitter", name: uniqueName("emitter"), bounds: [0, 0, w, h], position: [w / 2, h / 2], emitterPosition: [w / 2, h / 2], renderMode: "additive", emitterCells: [newCell("spark")] };
    insertInto(addPath(item, what), layer);
  }
};
$("duplicate-item").onclick = () => {
  const item = findItem(state.doc.outline, state.selected);
  if (!item || typeof item.path[item.path.length - 1] !== "number") return;
  edit([{ op: "duplicate", path: item.path, name: uniqueName(`${item.label} copy `, item.nameKey).trim() }]);
  state.selected = [...item.path.slice(0, -1), item.path[item.path.length - 1] + 1];
  state.selectionAwaits = state.doc.version;
};
// Rename: the tree's label becomes a field; Enter writes the name, Escape keeps the old one.
$("rename-item").onclick = () => {
  const item = findItem(state.doc.outline, state.selected);
  if (!item || item.path.length === 0 || item.kind === "canvas") return;
  const label = document.querySelector(`#tree .item[data-path="${pathText(item.path)}"]`);
  if (!label) return;
  const input = document.createElement("input");
  state.renaming = true;
  input.id = "rename-field";
  input.value = item.label;
  label.textContent = "";
  label.appendChild(input);
  input.focus();
  input.select();
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && input.value !== "") edit([{ op: "set", path: [...item.path, item.nameKey], value: input.value }]);
    if (event.key === "Enter" || event.key === "Escape") renderTree(true);
  });
  input.addEventListener("blur", () => { if (state.renaming) renderTree(true); });
};
$("delete-item").onclick = () => {
  const item = findItem(state.doc.outline, state.selected);
  if (!item || typeof item.path[item.path.length - 1] !== "number") return;
  edit([{ op: "remove", path: item.path }]);
  state.selected = item.path.slice(0, -2);
};
// ↑ moves up the tree: for a layer that is towards the front (later in the file's list).
function move(by) {
  const item = findItem(state.doc.outline, state.selected);
  if (!item || typeof item.path[item.path.length - 1] !== "number") return;
  if (item.kind === "layer") by = -by;
  const index = item.path[item.path.length - 1];
  const array = item.path.slice(0, -1);
  const list = valueAt(array);
  const to = index + by;
  if (!Array.isArray(list) || to < 0 || to >= list.length) return;
  edit([{ op: "move", path: array, from: index, to }]);
  state.selected = [...array, to];
}
$("move-up").onclick = () => move(-1);
$("move-down").onclick = () => move(1);

$("undo").onclick = () => send({ type: "undo" });
$("redo").onclick = () => send({ type: "redo" });
document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement && event.target.type !== "range" && event.target.type !== "checkbox";
  if (typing || $("editor").hidden) return;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
    send({ type: event.shiftKey ? "redo" : "undo" });
    event.preventDefault();
  } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "y") {
    send({ type: "redo" });
    event.preventDefault();
  } else if (event.key === " " && !(event.target instanceof HTMLSelectElement)) {
    // Space plays and pauses wherever the focus is (a transport button or box just clicked
    // included: its own Space, which acts on the key's release, is held back too).
    playOrPause();
    event.preventDefault();
    state.spaceHandled = true;
  } else if ((event.key === "Delete" || event.key === "Backspace") && state.selectedKeyframe !== null) {
    const item = findItem(state.doc.outline, state.selected);
    const frames = keyframesOf(item);
    if (frames && frames.values.length > 1 && state.selectedKeyframe < frames.values.length) {
      const i = state.selectedKeyframe;
      state.selectedKeyframe = null;
      changeKeyframes(item, (list) => list.filter((_, j) => j !== i));
      event.preventDefault();
    }
  } else if ((event.key === "r" || event.key === "R") && !event.ctrlKey && !event.metaKey) {
    restart();
    event.preventDefault();
  }
});

document.addEventListener("keyup", (event) => {
  if (event.key === " " && state.spaceHandled) { state.spaceHandled = false; event.preventDefault(); }
});

// ---- Export --------------------------------------------------------------------------

$("export-button").onclick = () => { $("export-menu").hidden = !$("export-menu").hidden; };
for (const button of document.querySelectorAll("#export-menu button")) {
  button.onclick = async () => {
    $("export-menu").hidden = true;
    const format = button.dataset.format;
    const at = state.header ? state.header.time : 0;
    notice(`Making the ${button.textContent}…`, "info", 0);
    const response = await fetch(api("/api/export", `&file=${encodeURIComponent(state.file)}&format=${format}&at=${at}`));
    if (!response.ok) { notice(await response.text(), "error", 10); return; }
    const disposition = response.headers.get("Content-Disposition") || "";
    const name = (disposition.match(/filename="([^"]+)"/) || [])[1] || `export.${format}`;
    const blob = await response.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    notice(`Downloaded ${name} (${Math.round(blob.size / 1024)} KiB)`);
  };
}

// ---- Gallery and start ---------------------------------------------------------------

async function showGallery() {
  $("editor").hidden = true;
  $("gallery").hidden = false;
  if (state.socket) { const s = state.socket; state.socket = null; s.close(); }
  const list = await (await fetch(api("/api/presets"))).json();
  $("folder-name").textContent = list.folder;
  const card = (name, src, onclick) => {
    const div = document.createElement("div");
    div.className = "card";
    div.innerHTML = `<img loading="lazy" alt=""><div class="name"></div>`;
    div.querySelector("img").src = src;
    div.querySelector(".name").textContent = name;
    div.onclick = onclick;
    return div;
  };
  $("folder-presets").textContent = "";
  for (const name of list.presets) {
    const div = card(name, api("/api/thumbnail", `&name=${encodeURIComponent(name)}&t=${Date.now()}`), () => { location.hash = `edit=${name}`; });
    div.dataset.file = name;
    div.appendChild(presetTools(name, div));
    $("folder-presets").appendChild(div);
  }
  $("shipped-presets").textContent = "";
  for (const name of list.shipped) {
    $("shipped-presets").appendChild(card(name, api("/api/thumbnail", `&name=${encodeURIComponent(name)}&shipped=1`), async () => {
      const newName = $("new-name").value.trim() || `my-${name}`;
      const response = await fetch(api("/api/new", `&from=${encodeURIComponent(name)}&name=${encodeURIComponent(newName)}`), { method: "POST" });
      if (!response.ok) { notice(await response.text(), "error", 10); return; }
      const made = await response.json();
      $("new-name").value = "";
      location.hash = `edit=${made.file}`;
    }));
  }
}

// A GET's JSON; a request that fails (the studio restarting, a dropped connection) is tried
// again with the session's growing waits, and an answer that is not 200 says why.
async function getJSON(url) {
  for (let attempt = 0; ; attempt++) {
    let response;
    try { response = await fetch(url); } catch (error) {
      const wait = reconnectWaits[Math.min(attempt, reconnectWaits.length - 1)];
      notice(`The studio did not answer; trying again in ${wait} s (is sparks studio still running?).`, "error", 0);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`${url.split("?")[0]}: ${response.status} ${await response.text()}`);
    if (attempt > 0) $("notice").hidden = true;
    return response.json();
  }
}

// A preset card's Rename (its name becomes a field: Enter renames, Escape keeps it) and Delete
// (to the desktop's trash, from where a file manager puts it back).
function presetTools(name, div) {
  const tools = document.createElement("div");
  tools.className = "card-tools";
  const post = async (url, done) => {
    let response;
    try { response = await fetch(url, { method: "POST" }); } catch { notice("The studio did not answer.", "error", 10); return; }
    if (!response.ok) { notice(await response.text(), "error", 10); return; }
    done(await response.json());
    await showGallery();
  };
  const rename = document.createElement("button");
  rename.className = "rename-preset";
  rename.textContent = "Rename";
  rename.onclick = (event) => {
    event.stopPropagation();
    const label = div.querySelector(".name");
    const input = document.createElement("input");
    input.className = "rename-field";
    input.value = name.replace(/\.json$/, "");
    label.textContent = "";
    label.appendChild(input);
    input.onclick = (e) => e.stopPropagation();
    input.focus();
    input.select();
    input.addEventListener("keydown", (e) => {
      e.stopPropagation();
      if (e.key === "Escape") { label.textContent = name; return; }
      if (e.key !== "Enter" || input.value.trim() === "") return;
      post(api("/api/rename", `&name=${encodeURIComponent(name)}&to=${encodeURIComponent(input.value.trim())}`), (made) => notice(`Renamed to ${made.file}`));
    });
  };
  const remove = document.createElement("button");
  remove.className = "delete-preset";
  remove.textContent = "Delete";
  remove.title = "Move it to the desktop's trash (a file manager can put it back)";
  remove.onclick = (event) => {
    event.stopPropagation();
    post(api("/api/delete", `&name=${encodeURIComponent(name)}`), (made) => notice(`${name} is in the trash: ${made.trash}`, "info", 8));
  };
  tools.append(rename, remove);
  return tools;
}

async function route() {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (!state.table) {
    const table = await getJSON(api("/api/table"));
    state.table = Object.fromEntries(table.objects.map((o) => [o.name, o]));
    state.structure = Object.fromEntries(table.structure.map((e) => [e.element, e]));
  }
  const list = await getJSON(api("/api/presets"));
  state.images = list.images;
  if (hash.startsWith("edit=")) {
    $("gallery").hidden = true;
    $("editor").hidden = false;
    const file = hash.slice(5);
    if (state.file !== file || !state.socket) {
      clearTimeout(state.reconnectTimer);
      if (state.socket) { const s = state.socket; state.socket = null; s.close(); }
      state.doc = null;
      state.selected = [];
      connect(file);
    }
  } else {
    await showGallery();
  }
}
window.addEventListener("hashchange", () => route().catch((error) => notice(String(error.message || error), "error", 0)));
if (!token) notice("Open the address sparks studio printed (it carries the token).", "error", 0);
else route().catch((error) => notice(String(error.message || error), "error", 0));
