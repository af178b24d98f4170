/* Balance lab, comparing two runs: each chart draws A and B side by side in two colours, from the page's JSON
 * island (stats/lab/comparison.py). Titles, legends and names come from the page, in the reader's language;
 * every number is also in the tables below. The chart descriptors follow the run page's (lab.js). */
(function () {
  "use strict";
  // Okabe–Ito blue for A and orange for B; the parts of a stacked bar in their shades, darkest first.
  var COLOURS = { a: "#0072B2", b: "#E69F00" };
  var PARTS = { a: ["#08306b", "#0072B2", "#4292c6", "#56B4E9", "#9ecae1", "#c6dbef"],
                b: ["#8c3d00", "#D55E00", "#E69F00", "#F0C35A", "#F7DDA0", "#FFE9BF"] };
  var SIDES = ["a", "b"];

  function chart(canvas, config) {
    if (!window.Chart) return;
    config.options = Object.assign({ responsive: true, maintainAspectRatio: false, animation: false }, config.options || {});
    new window.Chart(canvas, config);
  }

  function title(text) { return text ? { display: true, text: text } : { display: false }; }

  function pct(v) { return v === null || v === undefined ? null : Math.round(v * 1000) / 10; }

  function attr(canvas, name) { return canvas.getAttribute("data-lab-" + name) || ""; }

  // Keys of both runs, A's first, in their order; `numeric` sorts them as numbers (seats, length buckets).
  function union(first, second, numeric) {
    var keys = first.slice();
    second.forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); });
    return numeric ? keys.sort(function (x, y) { return x - y; }) : keys;
  }

  // One vertical bar per key and run: `value(side, key)` is the bar's height.
  function columns(canvas, island, keys, label, value) {
    chart(canvas, { type: "bar", data: {
      labels: keys.map(label),
      datasets: SIDES.map(function (side) {
        return { label: island.legend[side], backgroundColor: COLOURS[side],
                 data: keys.map(function (k) { return value(side, k); }) };
      }) },
      options: { plugins: { title: title(attr(canvas, "title")) },
                 scales: { y: { beginAtZero: true, title: title(attr(canvas, "axis")) } } } });
  }

  function rate(rates, key) { return rates && rates[key] && rates[key].trials > 0 ? pct(rates[key].rate) : null; }

  // A row's value in a table's column, as the tables show it (null when it has none).
  function rowValue(row, result, canvas) {
    if (!row) return null;
    var column = attr(canvas, "column"), kind = attr(canvas, "kind"), digits = Number(attr(canvas, "digits")) || 0;
    var cell = row[column], v = null;
    if (kind === "rate") v = cell && cell.trials > 0 ? pct(cell.rate) : null;
    else if (kind === "mean") v = cell ? cell.mean : row[attr(canvas, "plain")];   // a result kept before intervals
    else if (kind === "count") v = result.games ? (cell || 0) / result.games : null;   // per game: runs differ in size
    else v = cell;
    return v === null || v === undefined ? null : (kind === "rate" ? v : Number(v.toFixed(digits)));
  }

  // Horizontal bars, every row named: the box grows with the rows, long names are shortened on a phone.
  // `legend`: the legend's entries, each a line on a phone (four to a line on a desktop).
  function rowScales(canvas, count, stacked, legend) {
    var box = canvas.parentNode;
    var narrow = box.clientWidth < 500;
    var legendLines = Math.ceil(legend / (narrow ? 1 : 4));
    box.style.height = Math.max(220, count * (narrow ? 34 : 40) + 110 + legendLines * 24) + "px";
    var longest = narrow ? 16 : 30;
    return {
      x: { beginAtZero: true, stacked: stacked, title: title(attr(canvas, "axis")) },
      y: { stacked: stacked, ticks: { autoSkip: false, callback: function (value) {
        var name = this.getLabelForValue(value);
        return name.length > longest ? name.slice(0, longest - 1) + "…" : name;
      } } }
    };
  }

  function tableChart(canvas, island) {
    var key = attr(canvas, "table"), column = attr(canvas, "column"), kind = attr(canvas, "kind");
    var rows = { a: {}, b: {} }, names = {};
    SIDES.forEach(function (side) {
      (island[side][key] || []).forEach(function (row) { rows[side][row.slug] = row; names[row.slug] = names[row.slug] || row.name; });
    });
    var slugs = union(Object.keys(rows.a), Object.keys(rows.b));
    var datasets;
    if (kind === "ranks") {
      // For each run a stacked bar per row, a part per place in the order: A's stack beside B's.
      slugs = slugs.filter(function (s) { return SIDES.some(function (side) { return rows[side][s] && rows[side][s][column]; }); });
      var places = [];
      slugs.forEach(function (s) { SIDES.forEach(function (side) {
        Object.keys((rows[side][s] || {})[column] || {}).forEach(function (p) { if (places.indexOf(p) < 0) places.push(p); });
      }); });
      places.sort(function (x, y) { return x - y; });
      datasets = [];
      SIDES.forEach(function (side) {
        places.forEach(function (place, i) {
          // "A · Built as no. 1": the letter alone, or the legend would take a phone's whole screen.
          datasets.push({ label: side.toUpperCase() + " · " + interpolate(attr(canvas, "label"), { value: place }, true),
                          stack: side, backgroundColor: PARTS[side][i % PARTS[side].length],
                          data: slugs.map(function (s) { return ((rows[side][s] || {})[column] || {})[place] || 0; }) });
        });
      });
    } else {
      slugs = slugs.filter(function (s) {
        return SIDES.some(function (side) { return rowValue(rows[side][s], island[side], canvas) !== null; });
      });
      datasets = SIDES.map(function (side) {
        return { label: island.legend[side], backgroundColor: COLOURS[side],
                 data: slugs.map(function (s) { return rowValue(rows[side][s], island[side], canvas); }) };
      });
    }
    chart(canvas, { type: "bar", data: { labels: slugs.map(function (s) { return names[s]; }), datasets: datasets },
      options: { indexAxis: "y", plugins: { title: title(attr(canvas, "title")) },
                 scales: rowScales(canvas, slugs.length, kind === "ranks", datasets.length) } });
  }

  function draw(island) {
    var a = island.a, b = island.b;
    document.querySelectorAll("[data-lab-chart]").forEach(function (canvas) {
      var kind = attr(canvas, "chart");
      if (kind === "seats") {
        columns(canvas, island, union(Object.keys(a.wins_by_seat), Object.keys(b.wins_by_seat), true),
                function (s) { return island.seats[s] || s; },
                function (side, s) { return rate(island[side].wins_by_seat, s); });
      } else if (kind === "bots") {
        columns(canvas, island, union(Object.keys(a.wins_by_bot), Object.keys(b.wins_by_bot)),
                function (k) { return island.bots[k] || k; },
                function (side, k) { return rate(island[side].wins_by_bot, k); });
      } else if (kind === "length") {
        // The share of each run's games, not their number: the two runs may differ in size.
        columns(canvas, island, union(Object.keys(a.length_buckets), Object.keys(b.length_buckets), true),
                function (t) { return t + "–" + (Number(t) + 4); },
                function (side, t) {
                  var result = island[side];
                  return result.games ? pct((result.length_buckets[t] || 0) / result.games) : null;
                });
      } else if (kind === "table") {
        tableChart(canvas, island);
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var island = document.getElementById("lab-compare");
    if (island) draw(JSON.parse(island.textContent));
  });
})();
