// Progressive enhancement for the hosted pay pages (they work without it): one submission only,
// a visible "working" state on slow networks, and a field's error goes once the field is fixed.
// No framework, no inline script (CSP).
// The server's rules (lib/payments/hosted-checkout.ts), only to know when a shown error no longer holds.
var MINIMUM_NAIRA = 50;
var MAXIMUM_NAIRA = 10000000000;
var NAIRA = /^\d+(\.\d{1,2})?$/;

/** Whether the server's complaint about this field no longer holds, as far as the browser can tell. */
function fixed(input) {
  if (!input.checkValidity()) return false;
  var value = input.value.trim();
  if (input.name === "amount") {
    var naira = value.replace(/[,\s₦]/g, "");
    return NAIRA.test(naira) && Number(naira) >= MINIMUM_NAIRA && Number(naira) <= MAXIMUM_NAIRA;
  }
  if (input.name === "name") return value === "" ? !input.required : value.length >= 2;
  return true;
}

document.querySelectorAll("form[data-pay-form]").forEach(function (form) {
  form.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.id || input.getAttribute("aria-invalid") !== "true" || !fixed(input)) return;
    input.setAttribute("aria-invalid", "false");
    var line = document.getElementById(input.id + "-error");
    if (line) line.hidden = true;
  });
  form.addEventListener("submit", function (event) {
    if (form.dataset.submitting) {
      event.preventDefault();
      return;
    }
    form.dataset.submitting = "1";
    var button = form.querySelector("[data-pay-submit]");
    if (button) {
      button.setAttribute("aria-disabled", "true");
      button.textContent = "Taking you to secure payment…";
    }
  });
});
