// The board page: asks the server's /standard (the values) and /explain (the
// chunks and the schemas) for a position, draws it, and lists the moves;
// a click on a move shows the position after it. The rules switch asks
// /standard under chess's rules instead (rules=chess: played on to mate),
// where no chunks are shown. The position is in the
// address's hash (#fen=...), so a page can be linked and the browser's own
// back and forward work too.
"use strict";

const SIZE = 50;
const SVG = "http://www.w3.org/2000/svg";
const START = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1";  // Szén's position (Fine no. 68)
const trail = { fens: [], at: -1 };

function element(tag, attributes, text) {
  const e = document.createElementNS(tag === "svg" || attributes.svg ? SVG : "http://www.w3.org/1999/xhtml", tag);
  for (const [k, v] of Object.entries(attributes)) if (k !== "svg") e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function html(tag, attributes = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Square "e4" to its top-left corner, White at the bottom.
function corner(square) {
  const file = square.charCodeAt(0) - 97, rank = square.charCodeAt(1) - 49;
  return [file * SIZE, (7 - rank) * SIZE];
}

// The board's men from the FEN's first field: square -> "K", "P", "k" or "p".
function men(fen) {
  const found = {};
  fen.split(" ")[0].split("/").forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (c >= "1" && c <= "8") file += Number(c);
      else found[String.fromCharCode(97 + file++) + (8 - r)] = c;
    }
  });
  return found;
}

// A pawn or a king drawn in SVG: no font is needed for the men. A piece
// (after a promotion, under chess's rules) is a disc with its letter.
function man(letter, x, y) {
  const white = letter === letter.toUpperCase();
  const style = { fill: white ? "#fff" : "#222", stroke: white ? "#222" : "#000", "stroke-width": 1.5, svg: 1 };
  const g = element("g", { transform: `translate(${x},${y})`, class: "man", "data-man": letter, svg: 1 });
  if ("qrbn".includes(letter.toLowerCase())) {
    g.append(element("circle", { cx: 25, cy: 25, r: 18, ...style }));
    g.append(element("text", { x: 25, y: 31, "text-anchor": "middle", fill: white ? "#222" : "#fff",
                               "font-size": 18, svg: 1 }, letter.toUpperCase()));
  } else if (letter.toLowerCase() === "p") {
    g.append(element("circle", { cx: 25, cy: 17, r: 7, ...style }));
    g.append(element("path", { d: "M18 40 L21 24 L29 24 L32 40 Z", ...style }));
    g.append(element("rect", { x: 13, y: 39, width: 24, height: 5, rx: 2, ...style }));
  } else {
    g.append(element("path", { d: "M25 6 V16 M20 10 H30", ...style, fill: "none", "stroke-width": 3,
                               stroke: white ? "#222" : "#000" }));
    g.append(element("path", { d: "M12 42 L10 24 Q25 12 40 24 L38 42 Z", ...style }));
    g.append(element("rect", { x: 11, y: 40, width: 28, height: 5, rx: 2, ...style }));
  }
  return g;
}

function drawBoard(fen, explanation) {
  const board = document.getElementById("board");
  board.replaceChildren();
  for (let r = 0; r < 8; ++r)
    for (let f = 0; f < 8; ++f)
      board.append(element("rect", { x: f * SIZE, y: r * SIZE, width: SIZE, height: SIZE,
                                     class: (r + f) % 2 ? "dark" : "light", svg: 1 }));
  // The chunks of the default parse: each chunk's pawns and the king against them.
  for (const chunk of explanation ? explanation.parse.chunks : []) {
    for (const square of [...chunk.pawn_squares, chunk.king]) {
      const [x, y] = corner(square);
      board.append(element("rect", { x, y, width: SIZE, height: SIZE, class: "chunk-" + chunk.pawns,
                                     "data-chunk": chunk.pawns, svg: 1 }));
    }
  }
  for (let f = 0; f < 8; ++f)
    board.append(element("text", { x: f * SIZE + 2, y: 8 * SIZE - 2, class: "coord", svg: 1 },
                         String.fromCharCode(97 + f)));
  for (let r = 0; r < 8; ++r)
    board.append(element("text", { x: 8 * SIZE - 8, y: r * SIZE + 10, class: "coord", svg: 1 }, String(8 - r)));
  for (const [square, letter] of Object.entries(men(fen))) board.append(man(letter, ...corner(square)));
}

// A category and a signed distance (plies) for the side to move, in words.
function words(category, distance) {
  return distance === null ? category : `${category} in ${Math.abs(distance)}`;
}

// The server gives a move's category and distance for the position after it, as lila-tablebase does (the
// opponent's); the page shows them for the side that plays it, a ply further from the end.
const MOVER = { loss: "win", win: "loss", draw: "draw", unknown: "unknown" };
function moverWords(move) {
  const category = MOVER[move.category];
  return move.distance === null ? category : `${category} in ${Math.abs(move.distance) + 1}`;
}

// Why no exact value is known: what the solve would take.
function estimateWords(estimate) {
  if (estimate.reason === "no-memory") return "the server solves nothing (--memory 0)";
  const more = estimate.at_least ? "more than " : "";
  return `${more}${estimate.positions.toExponential(2)} positions reachable, ` +
         `${Math.round(estimate.megabytes)} MB against the server's ${Math.round(estimate.budget_megabytes)} MB`;
}

// Where the value comes from.
function originWords(origin) {
  if (origin.source === "oracle") return `the oracle's ${origin.layout} table`;
  if (origin.source === "exact table") return `the exact table of ${origin.root}`;
  return "an exact solve";
}

function drawMoves(answer) {
  const side = document.getElementById("fen").value.split(" ")[1] === "b" ? "Black" : "White";
  document.getElementById("verdict").textContent =
    `${side} to move: ${words(answer.category, answer.distance)}` +
    (answer.origin ? ` (${answer.origin.source})` : answer.estimate ? ` (${estimateWords(answer.estimate)})` : "");
  const list = document.getElementById("moves");
  list.replaceChildren();
  for (const move of answer.moves) {
    const mover = MOVER[move.category];
    const button = html("button", { class: mover, "data-uci": move.uci, "data-category": mover, title: move.fen },
                        `${move.san} ${moverWords(move)}`);
    // Under Chunker's rules a promotion ends the game or leaves a queen to be taken: a FEN of kings and
    // pawns no longer says it. Chess plays on.
    if (move.uci.length === 5 && answer.rules !== "chess") button.disabled = true;
    else button.addEventListener("click", () => go(move.fen));
    const item = html("li");
    item.append(button);
    list.append(item);
  }
}

function row(table, cells) {
  const tr = html("tr");
  for (const c of cells) tr.append(html("td", {}, c));
  table.append(tr);
}

function drawExplanation(answer, explanation) {
  const box = document.getElementById("explanation");
  box.replaceChildren(html("h2", {}, "Why"));
  const why = answer.estimate ? estimateWords(answer.estimate) : "unknown";
  box.append(html("p", {}, answer.origin ? `Value: ${originWords(answer.origin)}.` : `No exact value: ${why}.`));
  const chunks = explanation.parse.chunks;
  box.append(html("h3", {}, "Chunks"));
  if (!chunks.length) box.append(html("p", {}, "No king-against-pawns chunk in this position."));
  for (const c of chunks) {
    // The chunk alone, under alternating moves (AM), with the position's side to move.
    const value = c.am[answer.fen_side];
    const result = !value ? "" : value.winner === "pawns" ? ": the pawns win"
                 : value.winner ? ": the king wins" : ": draw";
    const distance = value && value.distance !== null ? ` in ${value.distance}` : "";
    box.append(html("p", {}, `${c.pawns === "white" ? "White" : "Black"}'s pawns ${c.pawn_squares.join(" ")} ` +
                             `against the king on ${c.king}${result}${distance}`));
  }
  box.append(html("h3", {}, "Schemas"));
  const table = html("table");
  row(table, ["schema", "verdict", "reason"]);
  for (const s of explanation.schemas.consulted)
    row(table, [s.name, s.verdict ? s.verdict.value : "-", s.reason]);
  box.append(table);
}

async function ask(path, fen, rules = "chunker") {
  const response = await fetch(`/${path}?fen=${encodeURIComponent(fen)}&rules=${rules}`);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error);
  return body;
}

async function show(fen) {
  const status = document.getElementById("status");
  status.dataset.state = "loading";
  status.textContent = "";
  document.getElementById("fen").value = fen;
  try {
    if (document.getElementById("rules").value === "chess") {
      const answer = await ask("standard", fen, "chess");
      drawBoard(fen, null);
      drawMoves(answer);
      const box = document.getElementById("explanation");
      box.replaceChildren(html("h2", {}, "Chess's rules"),
                          html("p", {}, "Played on to mate: checkmate wins, stalemate and dead positions draw, " +
                                        "a repetition draws, no 50-move rule. Distances are plies to mate" +
                                        (answer.origin ? `, from ${answer.origin.source}.` : ".")));
      status.dataset.fen = fen;
      status.dataset.state = "ready";
      return;
    }
    const [answer, explanation] = await Promise.all([ask("standard", fen), ask("explain", fen)]);
    answer.fen_side = fen.split(" ")[1] === "b" ? "black_to_move" : "white_to_move";
    drawBoard(fen, explanation);
    drawMoves(answer);
    drawExplanation(answer, explanation);
    status.dataset.fen = fen;
    status.dataset.state = "ready";
  } catch (e) {
    status.textContent = e.message;
    status.dataset.state = "error";
  }
}

// The hash names the trail's current position; the hashchange shows it.
function showAt(at) {
  trail.at = at;
  const hash = "#fen=" + encodeURIComponent(trail.fens[at]);
  if (location.hash === hash) show(trail.fens[at]);
  else location.hash = hash;
}

// A new position: cuts the forward part of the trail.
function go(fen) {
  trail.fens.splice(trail.at + 1, Infinity, fen);
  showAt(trail.fens.length - 1);
}

function step(by) {
  const at = trail.at + by;
  if (at >= 0 && at < trail.fens.length) showAt(at);
}

function fenOfHash() {
  const match = location.hash.match(/^#fen=(.*)$/);
  return match ? decodeURIComponent(match[1]).replace(/_/g, " ") : null;
}

window.addEventListener("hashchange", () => {
  const fen = fenOfHash();
  if (fen === null) return;
  // The browser's own back and forward, or a hash typed in: found on the trail or added to it.
  if (fen !== trail.fens[trail.at]) {
    const known = trail.fens.lastIndexOf(fen);
    if (known >= 0) trail.at = known;
    else trail.fens.splice(++trail.at, Infinity, fen);
  }
  show(fen);
});
document.getElementById("fen-form").addEventListener("submit", (event) => {
  event.preventDefault();
  go(document.getElementById("fen").value.trim());
});
document.getElementById("rules").addEventListener("change", () => show(trail.fens[trail.at]));
document.getElementById("back").addEventListener("click", () => step(-1));
document.getElementById("forward").addEventListener("click", () => step(1));

const first = fenOfHash() || START;
trail.fens = [first];
trail.at = 0;
show(first);
