// Reads Table Manager lines, one per line on stdin, and prints "ok" or "bad <line>" for each,
// by the independent grammar of the npm package table-master-parser (pinned in .ci/run).
// Usage: node check-lines.js PATH_TO_node_modules < lines
'use strict';
const path = require('path');
const tm = require(path.join(process.argv[2], 'table-master-parser'));
const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter(l => l.length > 0);
(async () => {
  for (const line of lines) {
    await new Promise(done => tm.parse(line, err => {
      console.log(err ? 'bad ' + line : 'ok');
      done();
    }));
  }
})();
