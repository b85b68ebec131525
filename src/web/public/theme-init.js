// Applies the saved theme (localStorage "ui-theme": light | dark | system) before first paint.
(function () {
  try {
    var t = localStorage.getItem("ui-theme") || "system";
    var dark = t === "dark" || (t === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  } catch (e) {}
})();
