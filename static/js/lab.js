/* Balance lab: follow a run's progress (polling its JSON), then draw its charts from the JSON island.
 * Every number is also in the page's tables; the charts are a second view of them. */
(function () {
  "use strict";
  var POLL_MS = 1000;
  var BLUE = "#0072B2", ORANGE = "#E69F00", GREEN = "#009E73";

  // A run stopped a moment ago (cancelled, or by its stopping rule) may still get the games of a chunk that was
  // being played: its page reloads when they land, and stops asking once the server says it has settled.
  function settle(section) {
    var url = section.getAttribute("data-progress-url");
    var shown = Number(section.getAttribute("data-games-done"));
    function poll() {
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (p) {
          if (p && p.games_done !== shown) { window.location.reload(); return; }
          if (!p || p.settling) window.setTimeout(poll, POLL_MS * 2);
        })
        .catch(function () { window.setTimeout(poll, POLL_MS * 3); });
    }
    window.setTimeout(poll, POLL_MS);
  }

  function follow(section) {
    if (section.getAttribute("data-final") === "true") {
      if (section.getAttribute("data-settling") === "true") settle(section);
      return;
    }
    var url = section.getAttribute("data-progress-url");
    var bar = section.querySelector("progress");
    var done = section.querySelector("[data-lab-done]");
    var status = section.querySelector("[data-lab-status]");
    function poll() {
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (p) {
          if (!p) { window.setTimeout(poll, POLL_MS * 3); return; }
          // The counts as the server groups them in the page's language ("2,000", "2 000"), as in the page itself.
          bar.value = p.games_done;
          bar.textContent = p.games_done_text + " / " + p.games_text;
          done.textContent = p.games_done_text;
          status.textContent = p.status_label;
          if (p.final) { window.location.reload(); return; }
          window.setTimeout(poll, POLL_MS);
        })
        .catch(function () { window.setTimeout(poll, POLL_MS * 3); });
    }
    window.setTimeout(poll, POLL_MS);
  }

  var PALETTE = [BLUE, ORANGE, GREEN, "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"];  // Okabe–Ito
  var INTERVAL = "rgba(0, 0, 0, 0.45)";

  function chart(canvas, config) {
    if (!window.Chart) return;
    config.options = Object.assign({ responsive: true, maintainAspectRatio: false, animation: false }, config.options || {});
    new window.Chart(canvas, config);
  }

  function pct(v) { return v === null || v === undefined ? null : Math.round(v * 1000) / 10; }

  function title(text) { return { display: true, text: text }; }

  // Win rates of named items (seats, bots): the rate and its interval, side by side.
  function rateChart(canvas, rates, keys, label, heading) {
    chart(canvas, { type: "bar", data: {
      labels: keys.map(label),
      datasets: [
        { label: gettext("Win rate (%)"), backgroundColor: BLUE, data: keys.map(function (k) { return pct(rates[k].rate); }) },
        { label: gettext("95 % interval"), backgroundColor: "#9ecae1",
          data: keys.map(function (k) { return [pct(rates[k].low), pct(rates[k].high)]; }) }] },
      options: { plugins: { title: title(heading) }, scales: { y: { beginAtZero: true, title: title("%") } } } });
  }

  // A row's value in a table's column (games/rulesets/lab.py): {v, low, high}, or null when it has none.
  function rowValue(row, column, kind, plain) {
    var cell = row[column];
    if (kind === "rate") return cell && cell.trials > 0 ? { v: pct(cell.rate), low: pct(cell.low), high: pct(cell.high) } : null;
    if (kind === "mean") {
      if (cell) return cell.mean === null ? null : { v: cell.mean, low: cell.low, high: cell.high };
      return plain && row[plain] !== null && row[plain] !== undefined ? { v: row[plain], low: null, high: null } : null;  // stored before intervals
    }
    return cell === null || cell === undefined ? null : { v: cell, low: null, high: null };
  }

  // One horizontal bar per row, every row named: the box grows with the rows, long names are shortened on a
  // phone (the tooltip and the table below have them whole).
  function rowScales(canvas, count, stacked, axis) {
    var box = canvas.parentNode;
    var narrow = box.clientWidth < 500;
    box.style.height = Math.max(200, count * (narrow ? 24 : 28) + (stacked ? 150 : 110)) + "px";
    var longest = narrow ? 16 : 30;
    return {
      x: { beginAtZero: true, stacked: stacked, title: axis ? title(axis) : { display: false } },
      y: { stacked: stacked, ticks: { autoSkip: false, callback: function (value) {
        var name = this.getLabelForValue(value);
        return name.length > longest ? name.slice(0, longest - 1) + "…" : name;
      } } }
    };
  }

  function tableChart(canvas, result) {
    var get = function (name) { return canvas.getAttribute("data-lab-" + name) || ""; };
    var column = get("column"), kind = get("kind"), label = get("label");
    var rows = result[get("table")] || [];
    var datasets;
    if (kind === "ranks") {
      // One stacked bar per row, a part per value of its distribution (a landmark built 1st, 2nd, ...).
      rows = rows.filter(function (row) { return row[column] && Object.keys(row[column]).length; });
      var values = {};
      rows.forEach(function (row) { Object.keys(row[column]).forEach(function (k) { values[k] = true; }); });
      datasets = Object.keys(values).sort(function (a, b) { return a - b; }).map(function (value, i) {
        return { label: interpolate(label, { value: value }, true), backgroundColor: PALETTE[i % PALETTE.length],
                 data: rows.map(function (row) { return row[column][value] || 0; }) };
      });
    } else {
      var cells = [];
      var digits = Number(get("digits")) || 0;
      var round = function (v) {   // as the table shows it (a rate is already in % to a tenth)
        if (v === null || v === undefined) return null;
        return kind === "rate" ? v : Number(v.toFixed(digits));
      };
      rows = rows.filter(function (row) {
        var cell = rowValue(row, column, kind, get("plain"));
        if (cell) cells.push({ v: round(cell.v), low: round(cell.low), high: round(cell.high) });
        return cell !== null;
      });
      datasets = [{ label: label, backgroundColor: ORANGE, order: 2, data: cells.map(function (c) { return c.v; }) }];
      if (cells.some(function (c) { return c.low !== null && c.high !== null; })) {
        // The 95 % interval as a thin dark bar over the value's.
        datasets.push({ label: gettext("95 % interval"), backgroundColor: INTERVAL, order: 1, grouped: false, barPercentage: 0.3,
                        data: cells.map(function (c) { return c.low === null || c.high === null ? null : [c.low, c.high]; }) });
      }
    }
    chart(canvas, { type: "bar", data: { labels: rows.map(function (row) { return row.name; }), datasets: datasets },
      options: { indexAxis: "y",
                 plugins: { title: title(get("title")),   // the legend in the datasets' order, not their drawing order
                            legend: { labels: { sort: function (a, b) { return a.datasetIndex - b.datasetIndex; } } } },
                 scales: rowScales(canvas, rows.length, kind === "ranks", get("axis")) } });
  }

  function draw(result) {
    var seats = Object.keys(result.wins_by_seat);
    var canvases = document.querySelectorAll("[data-lab-chart]");
    canvases.forEach(function (canvas) {
      var kind = canvas.getAttribute("data-lab-chart");
      if (kind === "seats") {
        rateChart(canvas, result.wins_by_seat, seats, function (s) { return interpolate(gettext("Seat %s"), [Number(s) + 1]); },
                  gettext("Win rate by seat"));
      } else if (kind === "bots") {
        var names = JSON.parse(canvas.getAttribute("data-lab-names") || "{}");
        rateChart(canvas, result.wins_by_bot, Object.keys(result.wins_by_bot), function (b) { return names[b] || b; },
                  gettext("Win rate by bot"));
      } else if (kind === "length") {
        var buckets = Object.keys(result.length_buckets);
        chart(canvas, { type: "bar", data: {
          labels: buckets.map(function (b) { return b + "–" + (Number(b) + 4); }),
          datasets: [{ label: gettext("Games"), backgroundColor: GREEN, data: buckets.map(function (b) { return result.length_buckets[b]; }) }] },
          options: { plugins: { title: title(gettext("Game length (turns)")) }, scales: { y: { beginAtZero: true } } } });
      } else if (kind === "table") {
        tableChart(canvas, result);   // a game's table, as its ruleset describes the chart
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var section = document.getElementById("lab-progress");
    if (section) follow(section);
    var island = document.getElementById("lab-result");
    if (island) draw(JSON.parse(island.textContent));
  });
})();
