// Repairs to the markup of Scalar 1.46 (the API reference at /docs, third-party) that axe-core flags
// as critical or serious, re-applied whenever Scalar renders more. Colour contrast is fixed with CSS
// in app/docs/route.ts; this file fixes what CSS cannot. Served from our origin (no inline script: CSP).
(function () {
  function repair() {
    // Sidebar entries are buttons carrying aria-selected, which buttons may not have: aria-current says it.
    document.querySelectorAll("button[aria-selected]:not([role])").forEach(function (button) {
      if (button.getAttribute("aria-selected") === "true") button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
      button.removeAttribute("aria-selected");
    });
    // The search button has role="search" (a landmark role), which hides its text as its name.
    document.querySelectorAll('button[role="search"]').forEach(function (button) {
      button.removeAttribute("role");
    });
    // The code-sample clients: a tab list whose "More" button is not a tab, and unnamed on phones.
    document.querySelectorAll('[role="tablist"] button:not([role])').forEach(function (button) {
      button.setAttribute("role", "tab");
      button.setAttribute("aria-selected", "false");
      if (!button.hasAttribute("aria-label")) button.setAttribute("aria-label", "More clients");
    });
    // Copy buttons show only an icon.
    document.querySelectorAll("button.scalar-code-copy:not([aria-label])").forEach(function (button) {
      button.setAttribute("aria-label", "Copy code");
    });
    // Lists that scroll (the endpoints of a resource) must be reachable from the keyboard.
    document.querySelectorAll("ul.endpoints, .scalar-card-content.overflow-auto").forEach(function (region) {
      if (!region.hasAttribute("tabindex")) region.setAttribute("tabindex", "0");
    });
  }
  new MutationObserver(repair).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["aria-selected", "role"],
  });
  repair();
})();
