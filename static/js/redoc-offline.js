/* Redoc always draws Redocly's logo from their CDN, which the Content-Security-Policy refuses (the API pages load
 * nothing from outside the site): the logo's address is swapped for an empty image, whose error makes Redoc drop it.
 * Loaded before Redoc's bundle. */
(function () {
  "use strict";
  var LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
  var EMPTY = "data:,";
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (this.tagName === "IMG" && String(name).toLowerCase() === "src" && value === LOGO) value = EMPTY;
    return setAttribute.call(this, name, value);
  };
  var src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    configurable: true, enumerable: src.enumerable, get: src.get,
    set: function (value) { src.set.call(this, value === LOGO ? EMPTY : value); },
  });
})();
