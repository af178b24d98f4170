/* Statistics charts (Chart.js, served from static/vendor/chartjs) and the panel's progress polling.
 *
 * The server renders every number as a table; this script only adds charts drawn from the JSON island
 * (json_script) of each `.stats-body[data-stats-island]`, and, while a panel's statistics are being
 * computed (data-stats-state pending/running), reloads the panel until they are ready.
 * window.StatsPanels.reload(element) reloads one panel (the game page calls it when the game ends).
 */
(function () {
  "use strict";
  if (window.StatsPanels) return;  // the panel may be included more than once

  var GAIN = "#009E73", LOSS = "#D55E00", OBSERVED = "#0072B2", EXPECTED = "#E69F00";
  var BUSY = { pending: true, running: true };
  var FIRST_POLL_MS = 1000, MAX_POLL_MS = 10000;

  function island(body) {
    var node = document.getElementById(body.getAttribute("data-stats-island"));
    return node ? JSON.parse(node.textContent) : null;
  }

  function baseOptions(title, xTitle, yTitle) {
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: "index", intersect: false },
      plugins: {
        title: { display: true, text: title, font: { size: 15 } },
        legend: { display: true, position: "top" },
      },
      scales: {
        x: { title: { display: true, text: xTitle } },
        y: { title: { display: true, text: yTitle }, beginAtZero: true },
      },
    };
  }

  // Shaded columns behind the turns in which a landmark was built or lost.
  var landmarkBands = {
    id: "landmarkBands",
    beforeDatasetsDraw: function (chart, args, options) {
      var bands = options && options.bands;
      if (!bands || !bands.length) return;
      var x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;
      var width = Math.max(3, (area.right - area.left) / Math.max(1, chart.data.labels.length));
      ctx.save();
      bands.forEach(function (band) {
        var centre = x.getPixelForValue(band.index);
        ctx.fillStyle = band.change === "lost" ? "rgba(213, 94, 0, 0.16)" : "rgba(0, 114, 178, 0.12)";
        ctx.fillRect(centre - width / 2, area.top, width, area.bottom - area.top);
      });
      ctx.restore();
    },
  };

  function coinsChart(canvas, data) {
    var indexOfTurn = {};
    data.turns.forEach(function (turn, i) { indexOfTurn[turn] = i; });
    var datasets = data.players.map(function (player, seat) {
      var radius = data.turns.map(function () { return 0; });
      var style = data.turns.map(function () { return "circle"; });
      data.landmarks.forEach(function (mark) {
        if (mark.player !== seat) return;
        var i = indexOfTurn[mark.turn];
        radius[i] = mark.change === "lost" ? 9 : 7;
        style[i] = mark.change === "lost" ? "crossRot" : "star";
      });
      return {
        label: player.name, data: data.coins[seat], borderColor: player.colour, backgroundColor: player.colour,
        borderDash: player.dash, borderWidth: 2, pointRadius: radius, pointHoverRadius: 5, pointStyle: style,
        pointBorderWidth: 2, tension: 0,
      };
    });
    var options = baseOptions(gettext("Coins after each turn"), gettext("Turn"), gettext("Coins"));
    // Legend keys drawn as lines, so each player's dash pattern shows as well as his colour.
    options.plugins.legend.labels = { usePointStyle: true, pointStyle: "line" };
    options.plugins.landmarkBands = {
      bands: data.landmarks.map(function (mark) { return { index: indexOfTurn[mark.turn], change: mark.change }; }),
    };
    options.plugins.tooltip = {
      callbacks: {
        afterBody: function (items) {
          if (!items.length) return "";
          var turn = data.turns[items[0].dataIndex];
          return data.landmarks.filter(function (m) { return m.turn === turn; }).map(function (m) {
            return (m.change === "lost" ? "\u2716 " : "\u2605 ") + data.players[m.player].name + ": " + m.label;
          });
        },
      },
    };
    return new Chart(canvas, {
      type: "line", data: { labels: data.turns, datasets: datasets }, options: options, plugins: [landmarkBands],
    });
  }

  function flowChart(canvas, data, seat) {
    var player = data.players[seat];
    var turns = data.turns.slice(1);
    var options = baseOptions(interpolate(gettext("%s: coins gained and given per turn"), [player.name]), gettext("Turn"), gettext("Coins per turn"));
    options.plugins.legend.labels = { usePointStyle: true };
    options.scales.y.beginAtZero = false;
    options.scales.x.stacked = true;
    options.scales.y.stacked = true;
    options.scales.held = {
      position: "right", beginAtZero: true, grid: { drawOnChartArea: false },
      title: { display: true, text: gettext("Coins held") },
    };
    return new Chart(canvas, {
      data: {
        labels: turns,
        datasets: [
          { type: "bar", label: gettext("Gained"), data: data.gained[seat], backgroundColor: GAIN, stack: "flow",
            pointStyle: "rect" },
          { type: "bar", label: gettext("Paid or spent"), data: data.gave[seat].map(function (v) { return -v; }),
            backgroundColor: LOSS, stack: "flow", pointStyle: "rect" },
          { type: "line", label: gettext("Coins held"), data: data.coins[seat].slice(1), yAxisID: "held",
            borderColor: player.colour, backgroundColor: player.colour, borderDash: player.dash,
            pointRadius: 0, pointStyle: "line", borderWidth: 2, tension: 0 },
        ],
      },
      options: options,
    });
  }

  function diceChart(canvas, dice, count) {
    var series = dice[count];
    if (!series) return null;
    var label = interpolate(ngettext("%s die", "%s dice", Number(count)), [count]);
    var options = baseOptions(interpolate(gettext("Totals with %s"), [label]), gettext("Total"), gettext("Throws"));
    options.plugins.legend.labels = { usePointStyle: true };
    return new Chart(canvas, {
      data: {
        labels: series.labels,
        datasets: [
          { type: "bar", label: gettext("Observed"), data: series.observed, backgroundColor: OBSERVED, order: 2,
            pointStyle: "rect" },
          { type: "line", label: gettext("Expected with fair dice"), data: series.expected, borderColor: EXPECTED,
            backgroundColor: EXPECTED, borderDash: [6, 3], pointStyle: "rectRot", pointRadius: 4, order: 1 },
        ],
      },
      options: options,
    });
  }

  function incomeChart(canvas, data) {
    var box = canvas.parentNode;
    box.style.height = Math.max(220, 70 + 26 * data.income.cards.length) + "px";
    var options = baseOptions(gettext("Income by card"), gettext("Coins received"), gettext("Card"));
    options.indexAxis = "y";
    options.interaction = { mode: "nearest", axis: "y", intersect: false };
    options.scales = {
      x: { stacked: true, beginAtZero: true, title: { display: true, text: gettext("Coins received") } },
      y: { stacked: true, title: { display: true, text: gettext("Card") } },
    };
    return new Chart(canvas, {
      type: "bar",
      data: {
        labels: data.income.cards,
        datasets: data.players.map(function (player, seat) {
          return { label: player.name, data: data.income.amounts[seat], backgroundColor: player.colour };
        }),
      },
      options: options,
    });
  }

  /* A chart described entirely by the server (games without charts of their own use it):
     {type: "line"|"bar", title, x, y, labels, datasets: [{label, data, colour, dash}], max, line: {value, label}} */
  function seriesChart(canvas, spec) {
    if (!spec) return null;
    var options = baseOptions(spec.title, spec.x, spec.y);
    options.plugins.legend.labels = { usePointStyle: true, pointStyle: spec.type === "bar" ? "rect" : "line" };
    if (spec.max !== undefined && spec.max !== null) options.scales.y.suggestedMax = spec.max;
    var datasets = spec.datasets.map(function (set) {
      return {
        type: spec.type || "line", label: set.label, data: set.data, borderColor: set.colour, backgroundColor: set.colour,
        borderDash: set.dash || [], borderWidth: 2, pointRadius: 0, pointHoverRadius: 4, tension: 0, stepped: spec.stepped || false,
      };
    });
    if (spec.line) {
      datasets.push({ type: "line", label: spec.line.label, data: spec.labels.map(function () { return spec.line.value; }),
        borderColor: "#000", backgroundColor: "#000", borderDash: [2, 3], borderWidth: 1.5, pointRadius: 0 });
    }
    return new Chart(canvas, { data: { labels: spec.labels, datasets: datasets }, options: options });
  }

  // A chart is drawn when its canvas is in sight (a hidden tab or a closed time-line is drawn when it opens:
  // Chart.js would measure a hidden canvas as 0 px wide).
  function drawCanvas(canvas, data) {
    if (canvas.getAttribute("data-drawn") || !canvas.getClientRects().length) return;
    canvas.setAttribute("data-drawn", "1");
    var kind = canvas.getAttribute("data-chart");
    if (kind === "coins") coinsChart(canvas, data);
    else if (kind === "flow") flowChart(canvas, data, Number(canvas.getAttribute("data-player")));
    else if (kind === "dice") diceChart(canvas, data.dice, canvas.getAttribute("data-dice"));
    else if (kind === "income") incomeChart(canvas, data);
    else if (kind === "series") seriesChart(canvas, (data.series || {})[canvas.getAttribute("data-series")]);
  }

  function drawBody(body) {
    if (typeof Chart === "undefined") return;
    if (!body.statsData) body.statsData = island(body);
    if (!body.statsData) return;
    body.setAttribute("data-stats-drawn", "1");
    body.querySelectorAll("canvas[data-chart]").forEach(function (canvas) {
      var chart = Chart.getChart(canvas);
      if (chart) chart.resize();
      else drawCanvas(canvas, body.statsData);
    });
  }

  // A tab shown (tabs.js) or a time-line opened: draw its charts now, or fit the ones drawn to its width.
  function drawShown(event) {
    var body = event.target.closest && event.target.closest(".stats-body[data-stats-island]");
    if (body) drawBody(body);
    else if (event.target.querySelectorAll) event.target.querySelectorAll(".stats-body[data-stats-island]").forEach(drawBody);
  }
  document.addEventListener("tab:shown", drawShown);
  document.addEventListener("toggle", drawShown, true);  // <details> toggle does not bubble

  // Players' colour swatches: set here, not in a style attribute, which the Content-Security-Policy refuses.
  function paintSwatches(root) {
    (root || document).querySelectorAll(".swatch[data-colour]").forEach(function (swatch) {
      swatch.style.background = swatch.getAttribute("data-colour");
    });
  }

  function drawAll(root) {
    paintSwatches(root);
    (root || document).querySelectorAll(".stats-body[data-stats-island]").forEach(drawBody);
  }

  function replacePanel(panel, html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("[data-stats-panel]");
    if (!fresh) return panel;
    panel.replaceWith(fresh);
    if (window.CardFace) window.CardFace.hydrate(fresh);  // card names in the tables become faces
    if (window.Tabs) window.Tabs.init(fresh);
    drawAll(fresh);
    return fresh;
  }

  function poll(panel, delay) {
    window.setTimeout(function () {
      reload(panel).then(function (fresh) {
        if (fresh && BUSY[fresh.getAttribute("data-stats-state")]) {
          poll(fresh, Math.min(MAX_POLL_MS, delay * 1.5));
        }
      });
    }, delay);
  }

  function reload(panel) {
    var url = panel.getAttribute("data-stats-panel");
    return fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { return html ? replacePanel(panel, html) : panel; })
      .catch(function () { return panel; });
  }

  function start() {
    drawAll(document);
    document.querySelectorAll("[data-stats-panel]").forEach(function (panel) {
      if (BUSY[panel.getAttribute("data-stats-state")]) poll(panel, FIRST_POLL_MS);
    });
  }

  window.StatsPanels = {
    reload: function (panel) {
      return reload(panel).then(function (fresh) {
        if (BUSY[fresh.getAttribute("data-stats-state")]) poll(fresh, FIRST_POLL_MS);
        return fresh;
      });
    },
    draw: drawAll,
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
