/* Balance lab: follow a run's progress (polling its JSON), then draw its charts from the JSON island.
 * Every number is also in the page's tables; the charts are a second view of them. */
(function () {
  "use strict";
  var POLL_MS = 1000;
  var BLUE = "#0072B2", ORANGE = "#E69F00", GREEN = "#009E73";

  function follow(section) {
    if (section.getAttribute("data-final") === "true") return;
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

  function chart(canvas, config) {
    if (!window.Chart) return;
    config.options = Object.assign({ responsive: true, maintainAspectRatio: false, animation: false }, config.options || {});
    new window.Chart(canvas, config);
  }

  function pct(v) { return v === null ? null : Math.round(v * 1000) / 10; }

  function draw(result) {
    var seats = Object.keys(result.wins_by_seat);
    var canvases = document.querySelectorAll("[data-lab-chart]");
    canvases.forEach(function (canvas) {
      var kind = canvas.getAttribute("data-lab-chart");
      if (kind === "seats") {
        chart(canvas, { type: "bar", data: {
          labels: seats.map(function (s) { return interpolate(gettext("Seat %s"), [Number(s) + 1]); }),
          datasets: [
            { label: gettext("Win rate (%)"), backgroundColor: BLUE, data: seats.map(function (s) { return pct(result.wins_by_seat[s].rate); }) },
            { label: gettext("95 % interval"), backgroundColor: "#9ecae1",
              data: seats.map(function (s) { return [pct(result.wins_by_seat[s].low), pct(result.wins_by_seat[s].high)]; }) }] },
          options: { plugins: { title: { display: true, text: gettext("Win rate by seat") } }, scales: { y: { beginAtZero: true, title: { display: true, text: "%" } } } } });
      } else if (kind === "length") {
        var buckets = Object.keys(result.length_buckets);
        chart(canvas, { type: "bar", data: {
          labels: buckets.map(function (b) { return b + "–" + (Number(b) + 4); }),
          datasets: [{ label: gettext("Games"), backgroundColor: GREEN, data: buckets.map(function (b) { return result.length_buckets[b]; }) }] },
          options: { plugins: { title: { display: true, text: gettext("Game length (turns)") } }, scales: { y: { beginAtZero: true } } } });
      } else if (kind === "table") {
        // A game's table (games/rulesets/lab.py): one bar per row of a rate column, for the rows with trials.
        var column = canvas.getAttribute("data-lab-column");
        var rows = (result[canvas.getAttribute("data-lab-table")] || []).filter(function (row) {
          return row[column] && row[column].trials > 0;
        });
        chart(canvas, { type: "bar", data: {
          labels: rows.map(function (row) { return row.name; }),
          datasets: [{ label: canvas.getAttribute("data-lab-label"), backgroundColor: ORANGE, data: rows.map(function (row) { return pct(row[column].rate); }) }] },
          options: { indexAxis: "y", plugins: { title: { display: true, text: canvas.getAttribute("data-lab-title") } }, scales: { x: { beginAtZero: true, title: { display: true, text: "%" } } } } });
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
