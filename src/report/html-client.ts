/**
 * The page's own style and script, as text the page inlines: no file, font or script is fetched,
 * and the page's content security policy admits these two by their hashes and nothing else.
 *
 * The script lists the results from the page's data, builds every cell with `textContent` (so
 * no string from a recording is ever parsed as HTML), and keeps the filter in the URL fragment
 * (`#state=unknown-tool&tool=refund`), so a link opens the same view.
 */

/** Columns of a row in the page's data: indexes into its string table, -1 for none. */
export const ROW = {
  state: 0,
  diagnosis: 1,
  severity: 2,
  tool: 3,
  model: 4,
  file: 5,
  location: 6,
  at: 7,
  detail: 8,
  problems: 9,
  repairs: 10,
} as const;

/** The filters, each a column of the rows, in the order the page shows them. */
export const FILTERS = ['state', 'tool', 'model', 'file'] as const;

export const PAGE_STYLE = `
:root { color-scheme: light; --finding: #b3261e; --note: #8a6d00; --healthy: #1e7b34; --line: #d8dbe0; --muted: #5f6368; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 24px 48px; color: #1f2328; background: #fff; }
h1 { font-size: 22px; margin: 8px 0 4px; }
h2 { font-size: 16px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 14px; margin: 12px 0 4px; }
.muted { color: var(--muted); }
.figures { display: flex; flex-wrap: wrap; gap: 12px; margin: 12px 0; padding: 0; }
.figures div { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 130px; }
.figures dt { color: var(--muted); font-size: 12px; }
.figures dd { margin: 0; font-size: 22px; font-weight: 600; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 8px 24px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 12px; color: var(--muted); font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.finding { color: var(--finding); } .note { color: var(--note); } .healthy { color: var(--healthy); }
.bar { fill: #7a869a; } .bar.cut { fill: var(--finding); } .bar.finding { fill: var(--finding); } .bar.note { fill: #c9a227; } .bar.healthy { fill: #4caf50; }
.axis { font-size: 11px; fill: var(--muted); }
form.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; margin: 8px 0; }
form.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
form.filters select { min-width: 160px; max-width: 320px; font: inherit; padding: 2px 4px; }
#results td { font-size: 13px; }
#results .where { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; word-break: break-all; }
#results ul, #results ol { margin: 4px 0 0; padding-left: 20px; }
#results .detail { max-width: 560px; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
`;

export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('page-data').textContent);
  var strings = data.strings;
  var rows = data.rows;
  var COL = ${JSON.stringify(ROW)};
  var FILTERS = ${JSON.stringify(FILTERS)};
  var selects = {};
  // Rows are built a page at a time: ten thousand rows at once keep a browser busy for seconds.
  var PAGE_ROWS = 500;
  var limit = PAGE_ROWS;
  var text = function (index) { return index < 0 ? '' : strings[index]; };

  FILTERS.forEach(function (name) {
    var select = document.getElementById('filter-' + name);
    var seen = {};
    rows.forEach(function (row) { var value = text(row[COL[name]]); if (value !== '') seen[value] = true; });
    Object.keys(seen).sort().forEach(function (value) {
      var option = document.createElement('option');
      option.value = value;
      option.textContent = value;
      select.appendChild(option);
    });
    select.addEventListener('change', function () { limit = PAGE_ROWS; writeFragment(); render(); });
    selects[name] = select;
  });

  function readFragment() {
    var params = new URLSearchParams(location.hash.slice(1));
    FILTERS.forEach(function (name) {
      var wanted = params.get(name) || '';
      var select = selects[name];
      select.value = wanted;
      // A value this page does not hold (a link from another run) filters nothing.
      if (select.value !== wanted) select.value = '';
    });
  }

  function writeFragment() {
    var params = new URLSearchParams();
    FILTERS.forEach(function (name) { if (selects[name].value !== '') params.set(name, selects[name].value); });
    var fragment = params.toString();
    history.replaceState(null, '', fragment === '' ? location.pathname + location.search : '#' + fragment);
  }

  function cell(content, className) {
    var td = document.createElement('td');
    if (className) td.className = className;
    if (content !== undefined) td.textContent = content;
    return td;
  }

  function list(tag, indexes) {
    var element = document.createElement(tag);
    indexes.forEach(function (index) {
      var item = document.createElement('li');
      item.textContent = strings[index];
      element.appendChild(item);
    });
    return element;
  }

  function rowElement(row) {
    var tr = document.createElement('tr');
    var severity = text(row[COL.severity]);
    tr.appendChild(cell(text(row[COL.state]), severity));
    tr.appendChild(cell(text(row[COL.diagnosis])));
    tr.appendChild(cell(text(row[COL.tool]), 'mono'));
    tr.appendChild(cell(text(row[COL.model])));
    var where = cell(text(row[COL.location]), 'where');
    var at = text(row[COL.at]);
    if (at !== '') {
      where.appendChild(document.createElement('br'));
      where.appendChild(document.createTextNode(at));
    }
    tr.appendChild(where);
    var detail = cell(text(row[COL.detail]), 'detail');
    if (row[COL.problems].length > 0) detail.appendChild(list('ul', row[COL.problems]));
    if (row[COL.repairs].length > 0) {
      var repairs = document.createElement('div');
      repairs.className = 'muted';
      repairs.textContent = 'Repair:';
      repairs.appendChild(list('ol', row[COL.repairs]));
      detail.appendChild(repairs);
    }
    tr.appendChild(detail);
    return tr;
  }

  function render() {
    var wanted = FILTERS.map(function (name) { return [COL[name], selects[name].value]; });
    var fragment = document.createDocumentFragment();
    var matching = 0;
    rows.forEach(function (row) {
      for (var i = 0; i < wanted.length; i++) {
        if (wanted[i][1] !== '' && text(row[wanted[i][0]]) !== wanted[i][1]) return;
      }
      matching += 1;
      if (matching <= limit) fragment.appendChild(rowElement(row));
    });
    document.getElementById('result-rows').replaceChildren(fragment);
    var shown = Math.min(matching, limit);
    document.getElementById('shown').textContent =
      shown + ' of ' + matching + ' matching results shown; ' + rows.length + ' in all';
    var more = document.getElementById('more');
    more.hidden = shown === matching;
    more.textContent = 'show ' + Math.min(PAGE_ROWS, matching - shown) + ' more';
  }

  document.getElementById('more').addEventListener('click', function () {
    limit += PAGE_ROWS;
    render();
  });

  document.getElementById('clear').addEventListener('click', function () {
    FILTERS.forEach(function (name) { selects[name].value = ''; });
    limit = PAGE_ROWS;
    writeFragment();
    render();
  });
  window.addEventListener('hashchange', function () { limit = PAGE_ROWS; readFragment(); render(); });
  readFragment();
  render();
})();
`;
