// cutego layout explorer. It evaluates in the browser with the WebAssembly build of
// package cute and the eval language (cutego-wasm.js, written by `make demo`) and falls
// back to the JSON API of `cutego serve` (POST api/eval) where that build is missing.
'use strict';
const $ = id => document.getElementById(id);

// The engine: {name, evaluate(request) -> Promise<response>}.
// Over http(s) the page fetches cutego.wasm; opened from disk (file:, where fetch is
// not allowed) it loads the same bytes from cutego-wasm.js, gzip-compressed and as base64.
// Each stage of the start is shown in #engine (and kept in cutegoEngineLog with its time),
// so that a page still starting says what it is waiting for.
const cutegoEngineLog = [];
let waiting = false; // an evaluation waits for the engine
function engineStatus(msg) {
  cutegoEngineLog.push({ ms: Math.round(performance.now()), msg, waiting });
  $('engine').textContent = msg;
  if (waiting) $('meta').textContent = 'waiting for the engine: ' + msg;
}

async function wasmBytes() {
  if (location.protocol !== 'file:') {
    engineStatus('loading the WebAssembly build (cutego.wasm)…');
    const r = await fetch('cutego.wasm');
    if (!r.ok) throw new Error('cutego.wasm: HTTP ' + r.status);
    return await r.arrayBuffer();
  }
  engineStatus('loading the WebAssembly build from disk (cutego-wasm.js)…');
  await new Promise((ok, fail) => {
    const s = document.createElement('script');
    s.src = 'cutego-wasm.js';
    s.onload = ok;
    s.onerror = () => fail(new Error('cutego-wasm.js is missing'));
    document.head.appendChild(s);
  });
  engineStatus('unpacking the WebAssembly build (' + (CUTEGO_WASM_SIZE / 1048576).toFixed(1) + ' MB)…');
  const bin = atob(CUTEGO_WASM_GZ_B64);
  const gz = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) gz[i] = bin.charCodeAt(i);
  if (typeof DecompressionStream !== 'function') {
    throw new Error('this browser has no DecompressionStream to unpack cutego-wasm.js; run cutego serve --site and open its address');
  }
  const bytes = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  if (bytes.byteLength !== CUTEGO_WASM_SIZE) throw new Error('cutego-wasm.js unpacks to ' + bytes.byteLength + ' bytes, not ' + CUTEGO_WASM_SIZE);
  return bytes;
}

const engine = (async () => {
  if (typeof Go === 'function') { // wasm_exec.js is there: the site has the WebAssembly build
    try {
      const go = new Go();
      const bytes = await wasmBytes();
      engineStatus('compiling the WebAssembly build…');
      const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
      engineStatus('starting the WebAssembly build…');
      go.run(instance); // registers cutegoEvaluate, then waits for calls
      for (let i = 0; i < 100 && typeof cutegoEvaluate !== 'function'; i++) await new Promise(r => setTimeout(r, 10));
      if (typeof cutegoEvaluate !== 'function') throw new Error('cutegoEvaluate did not appear');
      engineStatus('ready');
      return {
        name: 'in your browser (WebAssembly)',
        evaluate: async req => JSON.parse(cutegoEvaluate(JSON.stringify(req))),
      };
    } catch (e) {
      showError('The WebAssembly build could not start (' + e.message + '); asking the server instead.');
    }
  }
  engineStatus('no WebAssembly build: asking cutego serve');
  return {
    name: 'by cutego serve (api/eval)',
    evaluate: async req => {
      let r;
      try {
        r = await fetch('api/eval', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(req),
        });
      } catch (e) {
        throw new Error('request failed: ' + e.message + ' (no WebAssembly build and no cutego serve answering)');
      }
      let j = null;
      try { j = await r.json(); } catch (e) { /* not JSON */ }
      if (!r.ok) throw new Error('request failed: HTTP ' + r.status + (j && j.error ? ': ' + j.error : ''));
      if (!j) throw new Error('request failed: the answer is not JSON');
      return j;
    },
  };
})();
let engineNow = null; // the engine once it has started
document.body.dataset.engine = 'starting';
engine.then(e => { engineNow = e; document.body.dataset.engine = 'ready'; });

function showError(msg) {
  const e = $('error');
  e.textContent = msg;
  e.hidden = !msg;
}

function request() {
  const req = { expr: $('expr').value, view: $('view').value };
  if (req.view === 'tv') req.tv = $('tv').value.trim();
  if (req.view === 'bank') { req.elem = parseInt($('elem').value, 10); req.access = $('access').value; }
  if ($('readers').checked) req.readers = true;
  const th = $('thread').value.trim();
  if (/^\d+$/.test(th)) req.thread = parseInt(th, 10);
  if ($('explain').checked) req.explain = true;
  return req;
}

// The page's address holds the request, so that it can be shared.
function saveURL(req) {
  const p = new URLSearchParams();
  p.set('expr', req.expr);
  if (req.view !== 'data') p.set('view', req.view);
  if (req.tv) p.set('tv', req.tv);
  if (req.view === 'bank') { p.set('elem', String(req.elem)); if (req.access !== 'm') p.set('access', req.access); }
  if (req.readers) p.set('readers', '1');
  if (req.thread !== undefined) p.set('thread', String(req.thread));
  if (req.explain) p.set('explain', '1');
  history.replaceState(null, '', '?' + p.toString());
}

function loadURL() {
  const p = new URLSearchParams(location.search);
  if (p.has('expr')) $('expr').value = p.get('expr');
  if (p.has('view')) $('view').value = p.get('view');
  if (p.has('tv')) { $('tv').value = p.get('tv'); if (!p.has('view')) $('view').value = 'tv'; }
  if (p.has('elem')) $('elem').value = p.get('elem');
  if (p.has('access')) $('access').value = p.get('access');
  $('readers').checked = p.get('readers') === '1';
  if (p.has('thread')) $('thread').value = p.get('thread');
  $('explain').checked = p.get('explain') === '1';
  viewClass();
}

function viewClass() {
  document.body.className = 'view-' + $('view').value;
}

let cells = null;
let seq = 0;

async function run() {
  const my = ++seq;
  const req = request();
  saveURL(req);
  let j;
  try {
    let e = engineNow;
    if (!e) { // still starting: the page says what it waits for, and answers once started
      waiting = true;
      engineStatus($('engine').textContent);
      try { e = await engine; } finally { waiting = false; }
    }
    $('engine').textContent = 'evaluated ' + e.name;
    j = await e.evaluate(req);
  } catch (err) {
    if (my !== seq) return;
    draw({}); // nothing on the page may pass for this request's answer
    showError(err.message);
    $('expr').classList.add('bad');
    document.body.dataset.state = 'failed';
    return;
  }
  if (my !== seq) return;
  draw(j);
  document.body.dataset.state = j.error ? 'error' : 'done';
}

function draw(j) {
  $('lines').textContent = (j.lines || []).join('\n');
  showError(j.error ? 'error: ' + j.error : '');
  $('expr').classList.toggle('bad', !!j.error);
  const meta = [];
  if (j.result) meta.push(j.result);
  if (j.kind) meta.push(j.kind);
  if (j.size) meta.push('size ' + j.size);
  if (j.cosize) meta.push('cosize ' + j.cosize);
  if (j.summary) meta.push(j.summary);
  if (j.picture_error) meta.push('no picture: ' + j.picture_error);
  if (j.elapsed) meta.push('in ' + j.elapsed);
  $('meta').textContent = meta.join(' · ');
  $('table').textContent = j.table || '';
  $('svg').innerHTML = j.svg || '';
  fit($('svg'), 2);
  cells = j.cells || null;
  $('hover').innerHTML = '&nbsp;';
  drawSteps(j.explain);
}

// fit gives a picture a width of zoom pixels per unit of its viewBox, whatever its width:
// its text keeps a readable size, and a picture wider than the page scrolls in its panel.
function fit(container, zoom) {
  const s = container.querySelector('svg');
  if (!s || !s.viewBox || !s.viewBox.baseVal) return;
  s.style.width = Math.round(s.viewBox.baseVal.width * zoom) + 'px';
  s.style.height = 'auto';
}

function drawSteps(x) {
  const s = $('steps');
  s.textContent = '';
  if (!x) return;
  const h = document.createElement('h2');
  h.textContent = 'Step by step';
  s.appendChild(h);
  if (x.error) {
    const e = document.createElement('div');
    e.className = 'err';
    e.textContent = x.error;
    s.appendChild(e);
    return;
  }
  const d = document.createElement('p');
  d.textContent = x.definition;
  s.appendChild(d);
  x.steps.forEach((st, i) => {
    const div = document.createElement('div');
    div.className = 'step';
    const t = document.createElement('h3');
    t.textContent = (i + 1) + '. ' + st.name + (st.value ? ' = ' + st.value : '');
    div.appendChild(t);
    if (st.note) { const n = document.createElement('div'); n.className = 'note'; n.textContent = st.note; div.appendChild(n); }
    if (st.expr) { const c = document.createElement('code'); c.textContent = st.expr; div.appendChild(c); }
    if (st.svg) { const p = document.createElement('div'); p.className = 'pic'; p.innerHTML = st.svg; fit(p, 1.5); div.appendChild(p); }
    s.appendChild(div);
  });
  const r = document.createElement('p');
  r.textContent = '= ' + x.result + ' (the direct call gives the same)';
  s.appendChild(r);
}

$('svg').addEventListener('mouseover', ev => {
  const r = ev.target.closest('rect.cell');
  if (!r || !cells) return;
  const m = +r.dataset.m, n = +r.dataset.n;
  $('hover').textContent = cells.info[m * cells.n + n] || '';
});

// growInput makes the input as tall as its lines (CSS caps it at 75% of the window).
function growInput() {
  const t = $('expr');
  t.style.height = 'auto';
  t.style.height = (t.scrollHeight + t.offsetHeight - t.clientHeight) + 'px';
}

$('go').onclick = run;
$('expr').addEventListener('input', growInput);
window.addEventListener('resize', growInput);
$('view').onchange = () => { viewClass(); run(); };
for (const id of ['elem', 'access', 'explain']) $(id).onchange = run;
$('tv').addEventListener('keydown', e => { if (e.key === 'Enter') run(); });
$('expr').addEventListener('keydown', e => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); } });
loadURL();
growInput();
run();
