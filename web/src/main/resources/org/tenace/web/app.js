// Tenace in a browser: the routes to its screens, each a client of the server's public API
// (gRPC-Web): the lobby, the table (table.js), a pair's session and the director's console.

import { say, carriedOver } from './ui.js';
import { tableView } from './table.js';
import { lobby, sit } from './lobby.js';
import { follow, sessionView } from './session.js';
import { createView, consoleView } from './console.js';

const main = document.getElementById('main');
const banner = document.getElementById('banner');
const where = document.getElementById('where');

let leaving = () => {};

// ---- routes ---------------------------------------------------------------------------------

function route() {
  leaving();
  leaving = () => {};
  banner.hidden = true;
  // What a table's screen keeps on the body (its turn, its last event) is that screen's only.
  for (const key of ['turn', 'phase', 'sequence']) delete document.body.dataset[key];
  const leave = (f) => { leaving = f; };
  const hash = location.hash;
  let m;
  if ((m = /^#\/table\/(.+)$/.exec(hash))) {
    tableView(main, where, decodeURIComponent(m[1]), leave);
  }
  else if ((m = /^#\/sit\/([^/]+)\/([a-z]+)$/i.exec(hash))) sit(decodeURIComponent(m[1]), m[2]);
  else if ((m = /^#\/session\/(.+)$/.exec(hash))) {
    sessionView(main, where, decodeURIComponent(m[1]), leave);
  } else if ((m = /^#\/direct\/(.+)$/.exec(hash))) {
    consoleView(main, where, decodeURIComponent(m[1]), leave);
  } else if (hash === '#/direct') createView(main, where);
  else lobby(main, where);
}

document.getElementById('colours').addEventListener('change', (e) => {
  document.body.classList.toggle('four', e.target.checked);
  localStorage.setItem('tenace.fourColours', e.target.checked ? '1' : '');
});
if (localStorage.getItem('tenace.fourColours')) {
  document.getElementById('colours').checked = true;
  document.body.classList.add('four');
}
window.addEventListener('hashchange', () => {
  const c = carriedOver();
  say(c ? c.text : '', c ? c.kind : undefined);
  route();
});
follow(); // a pair this browser plays in a session: its strip and its moves, on every screen
route();
