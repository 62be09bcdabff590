// A faithful copy of the web game Puzlogic for puzbot's end-to-end tests:
// the same screens, geometry, colours and rules as the real game at 100% zoom,
// drawn on an 800x600 canvas. The test side (e2e/game) knows the same
// geometry (layout.go) and checks the two agree on fresh screenshots.
//
// Input is read like the real game's engine reads it: once per animation
// frame, from the pointer's current position and button state. A press and a
// release within one frame are never seen, and a drag that skips the frames in
// between drops where the pointer was last seen. Keys are latched.
//
// Levels come from levels.json (see e2e/game/levels.go): tray rows such as
// "1 2 . 3w" (w: a white block, .: an empty slot), clues with scope all (dark),
// blue or white and side top/bottom/left/right.
//
// URL parameters (all optional):
//   level=N      start on level N (levels before it count as done)
//   done=N       levels 1..N are done (N+1 is open)
//   screen=S     start on "title" (the default) or "levels"
//   origin=X,Y   put the game area at X,Y of the page (default 391,255)
//   cmd=N        the test server's control command this page load answers
//
// and, to misbehave on request, the same way every time for the same seed
// (e2e/game/chaos.go runs the same generator, so tests know what will come):
//   seed=S       the seed of everything below (default 0)
//   lose=P       P% of drops are ignored: the block snaps back where it came
//                from, and the page reports "lost"
//   scramble=N   every level starts with N blocks on squares (all but one at
//                most), the 1st, 3rd...
//                of them right and the others wrong (level=L&scramble=N opens
//                a half-played level)
//   fps=F        run at F frames per second (1-59), reading input once a frame
//
// The page reports what happens to its server (POST /api/report) and follows
// the server's control commands (GET /api/control), so that tests can change
// levels without restarting the browser. Both are silently skipped when the
// page is served without them.
"use strict";

(function () {
	// Geometry in game-area pixels; see e2e/game/layout.go.
	const G = {
		W: 800, H: 600,
		PITCH: 48, SQUARE: 44, PIECE: 38,
		LATTICE_X: 424, BOARD_BOTTOM: 300, BOARD_TOP: 60, TRAY_BOTTOM: 540,
		HINT_X: 232, HINT_Y: 400, HINT_LINE: 22,
		TILE_X: 272, TILE_Y: 300, TILE_PITCH: 64, TILES_PER_ROW: 5,
		MENU_X: 352, NEXT_X: 448, BUTTONS_Y: 480,
		PLAY_X: 400, PLAY_Y: 204,
	};
	const DEFAULT_ORIGIN = [391, 255];

	// Colours sampled from the real game's screenshots.
	const C = {
		ink: "#424242", // outlines, labels, words
		digit: "#404040", // prefilled digits
		clue: "#404040", // dark sums (scope all)
		blue: "#1e5ad2", // blue sums (scope blue)
		whiteBlock: "#ffffff", // white blocks
		whiteEdge: "#424242", // their outline
		clueEdge: "rgba(40, 40, 40, 0.85)", // the outline of white sums
		red: "#e8251f", // numbers in conflict
		purple: "#941aff",
		purpleEdge: "#4b1481",
		pieceShadow: "rgba(0, 0, 0, 0.34)",
		white: "#ffffff",
		menu: "#6aa982", // title and level map background
		locked: "#808080",
		lockedText: "#7f7f7f",
		tick: "#30f868",
		overlay: "rgba(65, 66, 65, 0.906)",
		box: "rgba(66, 66, 66, 0.45)", // the small squares after Restart and Quit
		leaf: "rgba(232, 226, 222, 0.3)",
		demo: "#775aff",
		note: "#4f4f4f",
	};
	const SANS = "'Liberation Sans', Arial, Helvetica, sans-serif";
	// Fonts: [CSS font, horizontal scale]. The real game's text is narrower
	// than Arial at the same height; the scales match both, as measured.
	const FONT = {
		label: ["22px " + SANS, 0.9], // "Level 01", "Restart", "Quit"
		digit: ["28px " + SANS, 0.9], // digits on squares and pieces
		tile: ["20px " + SANS, 0.88], // "01" on the level map
		clue: ["bold 21px " + SANS, 1],
		hint: ["19.5px " + SANS, 0.93],
		title: ["27px " + SANS, 1], // "Level Completed"
		button: ["22px " + SANS, 0.91], // "Menu", "Next"
		press: ["21px " + SANS, 0.95], // "Press any key", "play", "Demo"
		credit: ["16px " + SANS, 1],
	};

	// The PUZLOGIC logo: the top-left corner of every block, and white ones.
	const LOGO = [
		[109, 13, 1], [133, 13, 1], [157, 13, 1], [589, 13, 1],
		[109, 37, 1], [157, 37, 1], [189, 37], [237, 37], [269, 37], [293, 37], [317, 37], [349, 37],
		[429, 37], [453, 37], [477, 37], [509, 37], [533, 37], [557, 37], [589, 37], [621, 37], [645, 37], [669, 37],
		[109, 61, 1], [133, 61, 1], [157, 61, 1], [189, 61], [237, 61], [317, 61], [349, 61], [429, 61],
		[477, 61], [509, 61], [589, 61], [621, 61],
		[293, 73],
		[109, 85, 1], [189, 85], [237, 85], [269, 85], [349, 85], [429, 85], [477, 85], [509, 85], [557, 85],
		[589, 85], [621, 85],
		[109, 109], [189, 109], [213, 109], [237, 109], [269, 109], [293, 109], [317, 109], [349, 109], [373, 109],
		[397, 109], [429, 109], [453, 109], [477, 109], [509, 109], [533, 109], [557, 109], [589, 109], [621, 109],
		[645, 109], [669, 109],
	];

	const canvas = document.getElementById("game");
	const ctx = canvas.getContext("2d");
	const params = new URLSearchParams(location.search);
	const cmd = intParam("cmd", 0);
	const seed = intParam("seed", 0);
	const lose = intParam("lose", 0);
	const scramble = intParam("scramble", 0);
	const fps = intParam("fps", 0);

	let levels = []; // the levels file's levels
	const done = new Set(); // numbers of completed levels
	let screen = "title";
	let play = null; // the level being played, see startLevel
	let drag = null; // the piece being dragged: {piece, dx, dy, x, y, from}
	let pressed = null; // the button pressed on the last press, by name
	let leaves = [];

	// --- Reports and control --------------------------------------------

	let reportSeq = 0;
	let reporting = true;
	let sending = Promise.resolve();
	let pendingScreen = null; // the screen report waiting for its frames

	// report sends an event to the server. Reports go one at a time, in order.
	function report(event) {
		if (!reporting) {
			return;
		}
		event.page = ++reportSeq;
		event.cmd = cmd;
		const body = JSON.stringify(event);
		sending = sending.then(() => fetch("/api/report", {
			method: "POST",
			headers: { "Content-Type": "application/json" },
			body: body,
			keepalive: true,
		}).then((r) => {
			if (r.status === 404) {
				reporting = false; // served without the test server
			}
		}, () => {}));
	}

	async function control() {
		for (;;) {
			let r;
			try {
				r = await fetch("/api/control?after=" + cmd, { cache: "no-store" });
			} catch (e) {
				await new Promise((ok) => setTimeout(ok, 1000));
				continue;
			}
			if (r.status === 404) {
				return;
			}
			if (r.status !== 200) {
				continue;
			}
			const c = await r.json();
			const q = new URLSearchParams(c.query || "");
			q.set("cmd", String(c.seq));
			location.replace(location.pathname + "?" + q.toString());
			return;
		}
	}

	// --- Input, read once per animation frame ---------------------------

	const pointer = { x: -1, y: -1, left: false, right: false };
	let seen = { x: -1, y: -1, left: false, right: false };
	let keyLatched = false;

	let frameNo = 0; // animation frames run so far

	function track(e) {
		const r = canvas.getBoundingClientRect();
		pointer.x = e.clientX - r.left;
		pointer.y = e.clientY - r.top;
		pointer.left = (e.buttons & 1) !== 0;
		pointer.right = (e.buttons & 2) !== 0;
		if (e.type !== "pointermove" && e.button === 0) {
			// Which frame interval the press or release came in, so that tests
			// (and people timing replay) can tell what the game could see.
			report({ type: "pointer", target: e.type === "pointerdown" ? "down" : "up", frame: frameNo });
		}
	}
	for (const type of ["pointerdown", "pointermove", "pointerup"]) {
		window.addEventListener(type, track);
	}
	window.addEventListener("contextmenu", (e) => e.preventDefault());
	window.addEventListener("keydown", (e) => {
		keyLatched = true;
		e.preventDefault();
	});

	// tick runs a frame on each animation frame, or, with fps=F below the
	// display's rate, on the first animation frame 1/F s after the last one.
	let lastTick = -Infinity;
	function tick(now) {
		requestAnimationFrame(tick);
		if (fps > 0 && now - lastTick < 1000 / fps - 4) {
			return;
		}
		lastTick = now;
		frame();
	}

	function frame() {
		frameNo++;
		const now = { x: pointer.x, y: pointer.y, left: pointer.left, right: pointer.right };
		if (now.left && !seen.left) {
			report({ type: "seen", target: "press", frame: frameNo });
			press(now.x, now.y);
		} else if (now.left) {
			hold(now.x, now.y);
		} else if (seen.left) {
			report({ type: "seen", target: "release", frame: frameNo });
			release(now.x, now.y);
		}
		if (now.right && !seen.right) {
			rightPress(now.x, now.y);
		}
		seen = now;
		if (keyLatched) {
			keyLatched = false;
			key();
		}
		draw();
		if (pendingScreen && --pendingScreen.frames <= 0) {
			report(pendingScreen.event);
			pendingScreen = null;
		}
	}

	// --- Screens and rules ------------------------------------------------

	function show(name) {
		screen = name;
		drag = null;
		pressed = null;
		leaves = name === "title" ? [] : makeLeaves(name === "level" || name === "completed" ? play.def.level : 0);
		const ev = { type: "screen", screen: name };
		if (play && (name === "level" || name === "completed")) {
			ev.level = play.def.level;
		}
		// Reported once the screen has been drawn and presented: two frames on.
		pendingScreen = { event: ev, frames: 2 };
	}

	function isOpen(n) {
		return n >= 1 && n <= levels.length && (done.has(n) || n === 1 || done.has(n - 1));
	}

	function lineX(i, n) {
		return G.LATTICE_X + G.PITCH * (i - Math.ceil(n / 2));
	}

	function startLevel(n) {
		const def = levels[n - 1];
		let rows = 0;
		let cols = 0;
		for (const c of def.cells) {
			rows = Math.max(rows, c.row + 1);
			cols = Math.max(cols, c.col + 1);
		}
		const top = Math.max(G.BOARD_BOTTOM - G.PITCH * (rows - 1), G.BOARD_TOP);
		const cells = def.cells.map((c) => ({
			row: c.row, col: c.col,
			x: lineX(c.col, cols), y: top + G.PITCH * c.row,
			value: c.value === undefined ? null : c.value,
			piece: -1,
		}));
		const pieces = [];
		def.tray.forEach((text, r) => {
			const y = G.TRAY_BOTTOM - G.PITCH * (def.tray.length - 1 - r);
			const slots = text.split(" ");
			slots.forEach((slot, i) => {
				if (slot === ".") {
					return;
				}
				const x = lineX(i, slots.length);
				const color = slot.endsWith("w") ? "white" : "blue";
				pieces.push({ value: parseInt(slot, 10), color: color, hx: x, hy: y, x: x, y: y, cell: -1 });
			});
		});
		const sums = (def.sums || []).map((s) => ({ ...s, hidden: false, at: clueCell(cells, s) }));
		play = { def, cells, pieces, sums };
		if (scramble > 0) {
			scrambleLevel();
		}
		show("level");
	}

	// atStart reports whether a clue is drawn before its line's first square
	// (above a column, left of a row) rather than after its last.
	function atStart(s) {
		return s.side === "top" || s.side === "left";
	}

	// clueCell returns the cell a clue is drawn next to: the first or last of
	// its line.
	function clueCell(cells, s) {
		let best = null;
		for (const c of cells) {
			const index = s.axis === "row" ? c.row : c.col;
			const along = s.axis === "row" ? c.col : c.row;
			if (index !== s.index) {
				continue;
			}
			const bestAlong = best && (s.axis === "row" ? best.col : best.row);
			if (!best || (atStart(s) ? along < bestAlong : along > bestAlong)) {
				best = c;
			}
		}
		return best;
	}

	function numberAt(c) {
		if (c.value !== null) {
			return c.value;
		}
		return c.piece >= 0 ? play.pieces[c.piece].value : null;
	}

	// conflicts returns the set of cells whose number appears again in their
	// row or column.
	function conflicts() {
		const bad = new Set();
		const cells = play.cells;
		for (let i = 0; i < cells.length; i++) {
			const a = numberAt(cells[i]);
			if (a === null) {
				continue;
			}
			for (let j = i + 1; j < cells.length; j++) {
				const b = numberAt(cells[j]);
				if (a === b && (cells[i].row === cells[j].row || cells[i].col === cells[j].col)) {
					bad.add(i);
					bad.add(j);
				}
			}
		}
		return bad;
	}

	// sumHolds reports whether a clue's line adds up: a dark clue (scope all)
	// counts every number, a blue or white one only the blocks of its colour.
	function sumHolds(s) {
		let total = 0;
		for (const c of play.cells) {
			if ((s.axis === "row" ? c.row : c.col) !== s.index) {
				continue;
			}
			if (c.value !== null) {
				if (s.scope === "all") {
					total += c.value;
				}
			} else if (c.piece >= 0) {
				const p = play.pieces[c.piece];
				if (s.scope === "all" || s.scope === p.color) {
					total += p.value;
				}
			}
		}
		return total === s.target;
	}

	function solved() {
		return play.pieces.every((p) => p.cell >= 0) && conflicts().size === 0 && play.sums.every(sumHolds);
	}

	function setPiece(i, cell) {
		const p = play.pieces[i];
		if (p.cell >= 0) {
			const old = play.cells[p.cell];
			old.piece = -1;
			report({ type: "remove", level: play.def.level, value: p.value, color: p.color, row: old.row, col: old.col });
		}
		p.cell = cell;
		if (cell < 0) {
			p.x = p.hx;
			p.y = p.hy;
			return;
		}
		const c = play.cells[cell];
		c.piece = i;
		p.x = c.x;
		p.y = c.y;
		report({ type: "place", level: play.def.level, value: p.value, color: p.color, row: c.row, col: c.col });
	}

	function pieceAt(x, y) {
		for (let i = play.pieces.length - 1; i >= 0; i--) {
			const p = play.pieces[i];
			if (Math.abs(x - p.x) <= G.SQUARE / 2 && Math.abs(y - p.y) <= G.SQUARE / 2) {
				return i;
			}
		}
		return -1;
	}

	function cellAt(x, y) {
		for (let i = 0; i < play.cells.length; i++) {
			const c = play.cells[i];
			if (Math.abs(x - c.x) <= G.PITCH / 2 && Math.abs(y - c.y) <= G.PITCH / 2) {
				return i;
			}
		}
		return -1;
	}

	// Buttons: name, centre and half size of the area a click must hit.
	function buttons() {
		switch (screen) {
			case "levels": {
				const out = [{ name: "play", x: G.PLAY_X, y: G.PLAY_Y, w: 22, h: 22 }];
				for (let n = 1; n <= levels.length; n++) {
					const t = tileCentre(n);
					out.push({ name: "level " + n, level: n, x: t[0], y: t[1], w: 22, h: 22 });
				}
				return out;
			}
			case "level":
				return [
					{ name: "restart", x: 728, y: 26, w: 50, h: 14 },
					{ name: "quit", x: 742, y: 62, w: 36, h: 14 },
				];
			case "completed":
				return [
					{ name: "menu", x: G.MENU_X, y: G.BUTTONS_Y, w: 34, h: 18 },
					{ name: "next", x: G.NEXT_X, y: G.BUTTONS_Y, w: 34, h: 18 },
				];
		}
		return [];
	}

	function buttonAt(x, y) {
		for (const b of buttons()) {
			if (Math.abs(x - b.x) <= b.w && Math.abs(y - b.y) <= b.h) {
				return b;
			}
		}
		return null;
	}

	function press(x, y) {
		const b = buttonAt(x, y);
		pressed = b ? b.name : null;
		if (screen !== "level" || b) {
			return;
		}
		const i = pieceAt(x, y);
		if (i < 0) {
			return;
		}
		const p = play.pieces[i];
		drag = { piece: i, dx: p.x - x, dy: p.y - y, x: p.x, y: p.y };
		const ev = { type: "pick", level: play.def.level, value: p.value, color: p.color, frame: frameNo };
		if (p.cell >= 0) {
			ev.row = play.cells[p.cell].row;
			ev.col = play.cells[p.cell].col;
		}
		report(ev);
	}

	function hold(x, y) {
		if (drag) {
			drag.x = x + drag.dx;
			drag.y = y + drag.dy;
		}
	}

	function release(x, y) {
		if (drag) {
			hold(x, y);
			if (lose > 0 && loseRandom(100) < lose) {
				lost(drag);
			} else {
				drop(drag);
			}
			drag = null;
			return;
		}
		const b = buttonAt(x, y);
		if (b && b.name === pressed) {
			activate(b);
		}
		pressed = null;
	}

	// drop puts the dragged piece down: on an empty square it stays; on a
	// square holding another piece the two change places; anywhere else it
	// goes back below the board.
	function drop(d) {
		const i = d.piece;
		const p = play.pieces[i];
		const target = cellAt(d.x, d.y);
		if (target >= 0 && target === p.cell) {
			return; // put back where it was
		}
		if (target < 0 || play.cells[target].value !== null) {
			setPiece(i, -1);
			return;
		}
		const other = play.cells[target].piece;
		const from = p.cell;
		if (other >= 0) {
			setPiece(other, -1);
		}
		setPiece(i, target);
		if (other >= 0 && from >= 0) {
			setPiece(other, from);
		}
		if (solved()) {
			done.add(play.def.level);
			report({ type: "completed", level: play.def.level });
			show("completed");
		}
	}

	// lost reports a drop the page ignores (lose=P): the block stays where it
	// was picked up.
	function lost(d) {
		const p = play.pieces[d.piece];
		const ev = { type: "lost", level: play.def.level, value: p.value, color: p.color };
		if (p.cell >= 0) {
			ev.row = play.cells[p.cell].row;
			ev.col = play.cells[p.cell].col;
		}
		report(ev);
	}

	function activate(b) {
		report({ type: "click", target: b.name });
		switch (b.name) {
			case "play": {
				for (let n = 1; n <= levels.length; n++) {
					if (isOpen(n) && !done.has(n)) {
						startLevel(n);
						return;
					}
				}
				return;
			}
			case "restart":
				for (let i = 0; i < play.pieces.length; i++) {
					if (play.pieces[i].cell >= 0) {
						setPiece(i, -1);
					}
				}
				return;
			case "quit":
			case "menu":
				show("levels");
				return;
			case "next":
				if (play.def.level < levels.length) {
					startLevel(play.def.level + 1);
				} else {
					show("levels");
				}
				return;
		}
		if (b.level && isOpen(b.level)) {
			startLevel(b.level);
		}
	}

	function rightPress(x, y) {
		if (screen !== "level") {
			return;
		}
		for (const s of play.sums) {
			const [cx, cy] = clueCentre(s);
			if (Math.abs(x - cx) <= 18 && Math.abs(y - cy) <= 14) {
				s.hidden = !s.hidden;
			}
		}
	}

	function key() {
		report({ type: "key" });
		if (screen === "title") {
			show("levels");
		}
	}

	// --- Drawing ----------------------------------------------------------

	function draw() {
		ctx.save();
		switch (screen) {
			case "title":
				drawTitle();
				break;
			case "levels":
				drawLevels();
				break;
			case "level":
				drawLevel();
				break;
			case "completed":
				drawLevel();
				drawCompleted();
				break;
		}
		ctx.restore();
	}

	function background(colour) {
		ctx.fillStyle = colour;
		ctx.fillRect(0, 0, G.W, G.H);
		for (const l of leaves) {
			drawLeaf(l);
		}
	}

	function text(s, x, y, font, colour, align) {
		ctx.save();
		ctx.font = font[0];
		ctx.fillStyle = colour;
		ctx.textAlign = align || "left";
		ctx.textBaseline = "alphabetic";
		ctx.translate(x, y);
		ctx.scale(font[1], 1);
		ctx.fillText(s, 0, 0);
		ctx.restore();
	}

	function textWidth(s, font) {
		ctx.font = font[0];
		return ctx.measureText(s).width * font[1];
	}

	function rect(x, y, w, h, colour) {
		ctx.fillStyle = colour;
		ctx.fillRect(x, y, w, h);
	}

	// square draws a 44 px outlined square centred on x, y.
	function square(x, y, colour) {
		const l = x - 22;
		const t = y - 22;
		rect(l, t, 44, 2, colour);
		rect(l, t + 42, 44, 2, colour);
		rect(l, t, 2, 44, colour);
		rect(l + 42, t, 2, 44, colour);
	}

	// brackets draws the corners of a 44 px square centred on x, y.
	function brackets(x, y, colour) {
		const l = x - 22;
		const t = y - 22;
		const r = x + 21;
		const b = y + 21;
		for (const [cx, dx] of [[l, 1], [r, -1]]) {
			for (const [cy, dy] of [[t, 1], [b, -1]]) {
				rect(dx > 0 ? cx : cx - 13, dy > 0 ? cy : cy - 1, 14, 2, colour);
				rect(dx > 0 ? cx : cx - 1, dy > 0 ? cy : cy - 13, 2, 14, colour);
			}
		}
	}

	// block draws a 38 px piece centred on x, y: purple (a blue block, the
	// default) or a white tile with a dark outline.
	function block(x, y, color) {
		const l = x - 19;
		const t = y - 19;
		rect(l - 1, t - 1, 38, 38, C.pieceShadow);
		if (color === "white") {
			rect(l, t, 38, 38, C.whiteEdge);
			rect(l + 1, t + 1, 36, 36, C.whiteBlock);
			return;
		}
		rect(l, t, 38, 38, C.purple);
		rect(l, t, 37, 1, C.purpleEdge);
		rect(l, t, 1, 37, C.purpleEdge);
		rect(l + 37, t, 1, 38, "#000");
		rect(l, t + 37, 38, 1, "#000");
	}

	// pieceDigit returns the colour of a piece's number: red in a clash, else
	// white on purple and dark on white.
	function pieceDigit(p, clash) {
		if (clash) {
			return C.red;
		}
		return p.color === "white" ? C.digit : C.white;
	}

	function digit(v, x, y, colour) {
		text(String(v), x + 0.5, y + 10, FONT.digit, colour, "center");
	}

	function drawLogo() {
		for (const [x, y, white] of LOGO) {
			rect(x, y, 21, 21, "#000");
			rect(x + 1, y + 1, 20, 20, white ? C.white : C.purple);
		}
	}

	function drawTitle() {
		background(C.menu);
		drawLogo();
		const wd = textWidth("D", FONT.press);
		const we = textWidth("emo", FONT.press);
		const left = 400 - (wd + we) / 2;
		text("D", left, 179, FONT.press, C.white);
		text("emo", left + wd, 179, FONT.press, C.demo);
		text("a game by", 399, 295, FONT.credit, C.white, "center");
		text("Eduardo Barreto", 400, 315, FONT.credit, C.white, "center");
		text("Press any key", 400, 371, FONT.press, C.ink, "center");
	}

	function tileCentre(n) {
		const i = n - 1;
		return [G.TILE_X + G.TILE_PITCH * (i % G.TILES_PER_ROW), G.TILE_Y + G.TILE_PITCH * Math.floor(i / G.TILES_PER_ROW)];
	}

	function drawLevels() {
		background(C.menu);
		drawLogo();
		square(G.PLAY_X, G.PLAY_Y, C.ink);
		text("play", 400, 247, FONT.press, C.lockedText, "center");
		for (let n = 1; n <= levels.length; n++) {
			const [x, y] = tileCentre(n);
			const label = String(n).padStart(2, "0");
			if (!isOpen(n)) {
				brackets(x, y, C.locked);
				text(label, x, y + 7, FONT.tile, C.lockedText, "center");
				continue;
			}
			brackets(x, y, C.ink);
			block(x, y);
			text(label, x, y + 7, FONT.tile, C.white, "center");
			if (done.has(n)) {
				ctx.strokeStyle = C.tick;
				ctx.lineWidth = 2.5;
				ctx.beginPath();
				ctx.moveTo(x - 16, y - 13.5);
				ctx.lineTo(x - 13, y - 10.5);
				ctx.lineTo(x - 6.5, y - 16.5);
				ctx.stroke();
			}
		}
		drawNote(738, 537);
	}

	// drawNote draws the music note of the level map with its top-left at x, y.
	function drawNote(x, y) {
		ctx.fillStyle = C.note;
		ctx.beginPath();
		ctx.ellipse(x + 7, y + 24, 6.5, 5, -0.3, 0, 2 * Math.PI);
		ctx.ellipse(x + 21, y + 21, 6.5, 5, -0.3, 0, 2 * Math.PI);
		ctx.fill();
		rect(x + 11, y + 3, 3, 21, C.note);
		rect(x + 25, y, 3, 21, C.note);
		ctx.beginPath();
		ctx.moveTo(x + 11, y + 3);
		ctx.lineTo(x + 28, y);
		ctx.lineTo(x + 28, y + 5);
		ctx.lineTo(x + 11, y + 8);
		ctx.fill();
	}

	function drawLevel() {
		const def = play.def;
		background(def.background);
		text("Level " + String(def.level).padStart(2, "0"), 35, 32, FONT.label, C.ink);
		if (screen === "level") {
			text("Restart", 750, 32, FONT.label, C.ink, "right");
			text("Quit", 750, 68, FONT.label, C.ink, "right");
			ctx.strokeStyle = C.box;
			ctx.lineWidth = 1.5;
			ctx.strokeRect(759.75, 20.75, 11.5, 11.5);
			ctx.strokeRect(759.75, 56.75, 11.5, 11.5);
		}
		(def.hint || []).forEach((line, i) => {
			text(line, G.HINT_X, G.HINT_Y + 14 + G.HINT_LINE * i, FONT.hint, C.ink);
		});
		const bad = conflicts();
		play.cells.forEach((c, i) => {
			square(c.x, c.y, C.ink);
			if (c.value !== null) {
				digit(c.value, c.x, c.y, bad.has(i) ? C.red : C.digit);
			}
		});
		for (const s of play.sums) {
			drawClue(s);
		}
		play.pieces.forEach((p, i) => {
			if (drag && drag.piece === i) {
				return;
			}
			if (p.cell < 0) {
				brackets(p.x, p.y, C.ink);
			}
			block(p.x, p.y, p.color);
			digit(p.value, p.x, p.y, pieceDigit(p, p.cell >= 0 && bad.has(p.cell)));
		});
		if (drag) {
			const p = play.pieces[drag.piece];
			block(Math.round(drag.x), Math.round(drag.y), p.color);
			digit(p.value, Math.round(drag.x), Math.round(drag.y), pieceDigit(p, false));
		}
	}

	// clueCentre returns where a clue's number is centred.
	function clueCentre(s) {
		const c = s.at;
		if (s.axis === "col") {
			return [c.x, atStart(s) ? c.y - 44 : c.y + 44];
		}
		return [atStart(s) ? c.x - 47 : c.x + 47, c.y];
	}

	// clueShape returns a clue's arrow (three corners) and where its number
	// goes: [x, y, align].
	function clueShape(s) {
		const c = s.at;
		if (s.axis === "col" && atStart(s)) {
			return [[[c.x - 7, c.y - 24.5], [c.x + 7, c.y - 24.5], [c.x, c.y - 32]], [c.x + 0.5, c.y - 36, "center"]];
		}
		if (s.axis === "col") {
			return [[[c.x - 7, c.y + 23.5], [c.x + 7, c.y + 23.5], [c.x, c.y + 30.5]], [c.x + 0.5, c.y + 51, "center"]];
		}
		if (atStart(s)) {
			return [[[c.x - 26, c.y - 6.5], [c.x - 26, c.y + 5.5], [c.x - 32, c.y - 0.5]], [c.x - 35, c.y + 8, "right"]];
		}
		return [[[c.x + 24, c.y - 6.5], [c.x + 24, c.y + 6.5], [c.x + 30.5, c.y]], [c.x + 36, c.y + 8, "left"]];
	}

	const CLUE_COLOUR = { all: C.clue, blue: C.blue, white: C.white };

	// drawClue draws a sum clue: an arrow pointing at its line and the
	// number, two digits at least ("04"). Dark and blue clues are flat; a
	// white clue has a thin dark outline so that it shows on light
	// backgrounds.
	function drawClue(s) {
		const colour = CLUE_COLOUR[s.scope];
		const edge = s.scope === "white" ? C.clueEdge : null;
		const [arrow, [x, y, align]] = clueShape(s);
		ctx.save();
		if (s.hidden) {
			ctx.globalAlpha = 0.25;
		}
		ctx.beginPath();
		ctx.moveTo(arrow[0][0], arrow[0][1]);
		ctx.lineTo(arrow[1][0], arrow[1][1]);
		ctx.lineTo(arrow[2][0], arrow[2][1]);
		ctx.closePath();
		if (edge) {
			ctx.strokeStyle = edge;
			ctx.lineWidth = 1.5;
			ctx.lineJoin = "round";
			ctx.stroke();
		}
		ctx.fillStyle = colour;
		ctx.fill();
		outlinedText(String(s.target).padStart(2, "0"), x, y, FONT.clue, colour, edge, align);
		ctx.restore();
	}

	// outlinedText draws text like text(), with an outline first when edge is
	// set.
	function outlinedText(s, x, y, font, colour, edge, align) {
		if (edge) {
			ctx.save();
			ctx.font = font[0];
			ctx.textAlign = align;
			ctx.translate(x, y);
			ctx.scale(font[1], 1);
			ctx.strokeStyle = edge;
			ctx.lineWidth = 2;
			ctx.lineJoin = "round";
			ctx.strokeText(s, 0, 0);
			ctx.restore();
		}
		text(s, x, y, font, colour, align);
	}

	function drawCompleted() {
		rect(0, 0, G.W, G.H, C.overlay);
		text("Level Completed", 400, 57, FONT.title, C.white, "center");
		text("Menu", G.MENU_X, G.BUTTONS_Y + 7, FONT.button, C.white, "center");
		text("Next", G.NEXT_X, G.BUTTONS_Y + 7, FONT.button, C.white, "center");
	}

	// --- Misbehaviour on request (see e2e/game/chaos.go) ----------------

	// chaosRandom returns a generator of numbers in [0, n) for the page's
	// seed; salt tells the streams apart (0: lost drops, L: level L's
	// scramble).
	function chaosRandom(salt) {
		let s = (seed * 65537 + salt * 257 + 12345) >>> 0;
		return (n) => {
			s = (s * 1664525 + 1013904223) >>> 0;
			return Math.floor((s / 4294967296) * n);
		};
	}

	const loseRandom = chaosRandom(0);

	// scrambleLevel puts scramble=N blocks on the level's squares: N empty
	// squares (all but one at most: a level never starts solved) in random
	// order, the 1st, 3rd... given their answer's block,
	// the others a wrong block at random (or the other kind when none is
	// left).
	function scrambleLevel() {
		const rnd = chaosRandom(play.def.level);
		const empty = [];
		play.def.cells.forEach((c, i) => {
			if (c.value === undefined) {
				empty.push(i);
			}
		});
		for (let i = empty.length - 1; i > 0; i--) {
			const j = rnd(i + 1);
			[empty[i], empty[j]] = [empty[j], empty[i]];
		}
		const used = new Set();
		for (let k = 0; k < Math.min(scramble, empty.length - 1); k++) {
			const c = play.def.cells[empty[k]];
			let b = pickRight(used, c);
			if (k % 2 === 1 || b < 0) {
				const w = pickWrong(used, c, rnd);
				if (w >= 0) {
					b = w;
				}
			}
			if (b >= 0) {
				used.add(b);
				setPiece(b, empty[k]);
			}
		}
	}

	function isAnswer(p, c) {
		return p.value === c.answer && p.color === c.color;
	}

	function pickRight(used, c) {
		return play.pieces.findIndex((p, i) => !used.has(i) && isAnswer(p, c));
	}

	function pickWrong(used, c, rnd) {
		const wrong = [];
		play.pieces.forEach((p, i) => {
			if (!used.has(i) && !isAnswer(p, c)) {
				wrong.push(i);
			}
		});
		return wrong.length === 0 ? -1 : wrong[rnd(wrong.length)];
	}

	// --- Leaves: the faint drifting leaves of the real game, frozen --------

	function random(seed) {
		let s = seed >>> 0;
		return () => {
			s = (s * 1664525 + 1013904223) >>> 0;
			return s / 4294967296;
		};
	}

	function makeLeaves(seed) {
		const rnd = random(1000 + seed);
		const out = [];
		const busy = busyAreas();
		for (let tries = 0; out.length < 7 && tries < 200; tries++) {
			const l = { x: 20 + rnd() * 760, y: 80 + rnd() * 500, a: rnd() * Math.PI, s: 0.6 + rnd() * 0.5 };
			if (busy.some(([x0, y0, x1, y1]) => l.x > x0 - 16 && l.x < x1 + 16 && l.y > y0 - 16 && l.y < y1 + 16)) {
				continue;
			}
			out.push(l);
		}
		return out;
	}

	// busyAreas returns the rectangles leaves keep out of, so that they never
	// cover a square, a piece, a clue or a word.
	function busyAreas() {
		const out = [[0, 0, 800, 80], [180, 0, 720, 140]];
		if (screen === "level" || screen === "completed") {
			let x0 = 800, y0 = 600, x1 = 0, y1 = 0;
			for (const c of play.cells) {
				x0 = Math.min(x0, c.x);
				y0 = Math.min(y0, c.y);
				x1 = Math.max(x1, c.x);
				y1 = Math.max(y1, c.y);
			}
			out.push([x0 - 80, y0 - 60, x1 + 80, y1 + 60]);
			out.push([G.HINT_X, G.HINT_Y - 10, 720, G.H]);
		} else {
			out.push([200, 150, 600, 470]);
			out.push([720, 520, 780, 580]);
		}
		return out;
	}

	function drawLeaf(l) {
		ctx.save();
		ctx.translate(l.x, l.y);
		ctx.rotate(l.a);
		ctx.scale(l.s, l.s);
		ctx.fillStyle = C.leaf;
		ctx.beginPath();
		ctx.moveTo(-13, 0);
		ctx.quadraticCurveTo(0, -11, 13, 0);
		ctx.quadraticCurveTo(0, 11, -13, 0);
		ctx.fill();
		ctx.restore();
	}

	// --- Start ------------------------------------------------------------

	function intParam(name, fallback) {
		const v = params.get(name);
		if (v === null || !/^[0-9]{1,4}$/.test(v)) {
			return fallback;
		}
		return parseInt(v, 10);
	}

	function place() {
		const o = (params.get("origin") || "").split(",");
		let origin = DEFAULT_ORIGIN;
		if (o.length === 2 && /^[0-9]{1,4}$/.test(o[0]) && /^[0-9]{1,4}$/.test(o[1])) {
			origin = [parseInt(o[0], 10), parseInt(o[1], 10)];
		}
		const portal = document.getElementById("portal");
		portal.style.left = origin[0] - 10 + "px";
		portal.style.top = origin[1] - 44 + "px";
	}

	async function start() {
		place();
		control();
		const r = await fetch("levels.json", { cache: "no-store" });
		levels = (await r.json()).levels;
		const level = intParam("level", 0);
		const doneUpTo = intParam("done", level > 0 ? level - 1 : 0);
		for (let n = 1; n <= Math.min(doneUpTo, levels.length); n++) {
			done.add(n);
		}
		report({ type: "ready", query: location.search.replace(/^\?/, "") });
		if (level >= 1 && level <= levels.length) {
			startLevel(level);
		} else {
			show(params.get("screen") === "levels" ? "levels" : "title");
		}
		requestAnimationFrame(tick);
	}

	start();
})();
