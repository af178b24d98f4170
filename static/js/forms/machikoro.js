/* Machi Koro's options on the create form: the stack count only with the market rule, and the 5–6 box's
   recommended 12 stacks suggested when that box is ticked (unless the host chose a number). */
(function () {
  "use strict";
  const rule = document.querySelector('[name="options-market_rule"]');
  const stacks = document.querySelector('[name="options-stacks"]');
  const fiveSix = document.querySelector('[name="options-extensions"][value="five-six"]');
  const neighbours = document.querySelector('[name="options-neighbours_only"]');
  if (!rule || !stacks) return;
  let chosen = false;
  stacks.addEventListener("input", function () { chosen = true; });

  function update(event) {
    stacks.disabled = !rule.checked;
    stacks.closest(".field").classList.toggle("disabled", !rule.checked);
    if (event && event.target === fiveSix && !chosen) stacks.value = fiveSix.checked ? "12" : "10";
    if (neighbours) {
      const allowed = !fiveSix || fiveSix.checked;
      neighbours.disabled = !allowed;
      if (!allowed) neighbours.checked = false;
      neighbours.closest(".field").classList.toggle("disabled", !allowed);
    }
  }

  rule.addEventListener("change", update);
  if (fiveSix) fiveSix.addEventListener("change", update);
  update();
})();
