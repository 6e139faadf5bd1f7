// Progressive enhancement for the hosted pay pages (they work without it): one submission only,
// and a visible "working" state on slow networks. No framework, no inline script (CSP).
document.querySelectorAll("form[data-pay-form]").forEach(function (form) {
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
