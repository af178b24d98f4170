/* Card pickers as ticked lists: a search box narrows each list by name as one types, and the legend counts the
   cards ticked. Without this script every card shows and the form works the same. */
(function () {
  "use strict";
  document.querySelectorAll("[data-card-picks]").forEach(function (set) {
    const options = Array.prototype.slice.call(set.querySelectorAll("input[type=checkbox]"));
    const picked = set.querySelector(".picked");
    const legend = set.querySelector("legend");
    const search = document.createElement("input");
    search.type = "search";
    search.className = "card-picks-search";
    search.placeholder = gettext("Find a card");
    search.setAttribute("aria-label", interpolate(gettext("Find a card: %s"), [legend.firstChild.textContent.trim()]));

    function label(input) { return input.closest("label") || input.parentNode; }

    function count() {
      const ticked = options.filter(function (input) { return input.checked; }).length;
      picked.textContent = ticked ? interpolate(ngettext("(%s ticked)", "(%s ticked)", ticked), [ticked]) : "";
    }

    search.addEventListener("input", function () {
      const words = search.value.trim().toLowerCase();
      options.forEach(function (input) {
        const item = label(input).closest("div") || label(input);
        item.hidden = !!words && label(input).textContent.toLowerCase().indexOf(words) < 0 && !input.checked;
      });
    });
    set.addEventListener("change", count);
    legend.after(search);
    count();
  });
})();
