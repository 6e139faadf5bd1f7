// The receipt page while a payment is being confirmed (it works without this: "Check again").
// Asks whether the payment has been settled, every few seconds and less often as time goes on,
// and reloads the page once it has, so nothing on the page moves while the customer reads it.
// No framework, no inline script (CSP).
(function () {
  var script = document.currentScript;
  var url = script && script.getAttribute("data-status-url");
  if (!url) return;
  var delay = 3000;
  var stopAt = Date.now() + 15 * 60 * 1000;
  function ask() {
    if (Date.now() > stopAt) return;
    fetch(url, { cache: "no-store", headers: { accept: "application/json" } })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (body) {
        if (body && body.outcome && body.outcome !== "pending") window.location.reload();
        else schedule();
      })
      .catch(schedule);
  }
  function schedule() {
    setTimeout(ask, delay);
    delay = Math.min(delay * 1.5, 30000);
  }
  schedule();
})();
