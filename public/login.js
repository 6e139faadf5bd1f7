// The log-in page's only script (pages/login.tsx renders everything it shows). It signs in the way
// next-auth/react's signIn() does, without the framework: a CSRF token from GET /api/auth/csrf, then
// the form to POST /api/auth/callback/credentials with json=true, whose answer names an error or not.
// When the account has two-factor sign-in, the same form asks for a code and sends all three again.
(function () {
  "use strict";
  var form = document.querySelector("form[data-login-form]");
  if (!form) return;

  var GENERIC_ERROR = "Something went wrong. Please try again.";
  var NETWORK_ERROR = "We couldn't reach Paylink. Check your connection and try again.";
  var CODE_REQUIRED = "Two-factor code required";
  var callbackUrl = form.dataset.callbackUrl || "/dashboard";

  function find(selector) {
    return form.querySelector(selector);
  }
  var email = find("#email");
  var password = find("#password");
  var code = find("#code");
  var passwordStep = find("[data-step=password]");
  var codeStep = find("[data-step=code]");
  var submit = find("[data-login-submit]");
  var errorAlert = find("[data-login-error]");
  var errorText = find("[data-login-error-text]");
  var resendButton = find("[data-login-resend]");
  var sentAlert = find("[data-login-sent]");
  var title = document.getElementById("login-title");
  var description = document.getElementById("login-description");
  var onCodeStep = false;
  var recovery = false;

  // Asked for as soon as the visitor starts on the form, so the log-in itself is one round trip on a
  // slow network, and the page's first paint waits for nothing.
  var csrf = null;
  function csrfToken() {
    if (!csrf) {
      csrf = fetch("/api/auth/csrf", { credentials: "same-origin" })
        .then(function (res) {
          return res.json();
        })
        .then(function (data) {
          return data.csrfToken;
        });
      csrf.catch(function () {
        csrf = null;
      });
    }
    return csrf;
  }
  form.addEventListener(
    "focusin",
    function () {
      csrfToken().catch(function () {});
    },
    { once: true },
  );

  function describe(error) {
    if (!error || error === "Configuration" || error === "Callback" || error === "Default") return GENERIC_ERROR;
    if (error === "CredentialsSignin") return "Invalid email or password";
    return error;
  }

  function setFieldError(input, message) {
    var line = document.getElementById(input.id + "-error");
    line.textContent = message || "";
    line.hidden = !message;
    var described = input.id === "code" ? "code-description" : "";
    if (message) described = (described + " " + line.id).trim();
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    if (described) input.setAttribute("aria-describedby", described);
    else input.removeAttribute("aria-describedby");
  }

  function showError(message) {
    errorText.textContent = message;
    errorAlert.hidden = false;
    resendButton.hidden = !/verif/i.test(message);
  }

  function clearMessages() {
    errorAlert.hidden = true;
    sentAlert.hidden = true;
    setFieldError(code, "");
  }

  function setBusy(busy) {
    submit.disabled = busy;
    if (busy) submit.setAttribute("aria-busy", "true");
    else submit.removeAttribute("aria-busy");
    submit.textContent = busy ? "Logging in…" : onCodeStep ? "Verify and log in" : "Log in";
  }

  function showCodeStep(show) {
    onCodeStep = show;
    passwordStep.hidden = show;
    codeStep.hidden = !show;
    title.textContent = show ? "Two-factor sign-in" : "Log in to Paylink";
    description.textContent = show
      ? "Your password was right. Now enter a code to finish signing in."
      : "Welcome back. Enter your details to open your dashboard.";
    if (!show) setCodeKind(false);
    code.value = "";
    setFieldError(code, "");
    setBusy(false);
  }

  function setCodeKind(useRecovery) {
    recovery = useRecovery;
    document.getElementById("code-label").textContent = recovery ? "Recovery code" : "Authentication code";
    document.getElementById("code-description").textContent = recovery
      ? "One of the codes you saved when you turned on two-factor sign-in. Each works once."
      : "The 6-digit code your authenticator app shows for Paylink.";
    code.inputMode = recovery ? "text" : "numeric";
    code.autocomplete = recovery ? "off" : "one-time-code";
    find("[data-code-kind]").textContent = recovery ? "Use your authenticator app" : "Use a recovery code";
  }

  function emailProblem() {
    var typed = email.value.trim();
    return !typed ? "Enter your email address" : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed) ? "" : "Enter a valid email address";
  }
  function passwordProblem() {
    return password.value ? "" : "Enter your password";
  }

  /** The two checks of the first step; focus goes to the first field that fails. */
  function checkFields() {
    var emailError = emailProblem();
    var passwordError = passwordProblem();
    setFieldError(email, emailError);
    setFieldError(password, passwordError);
    if (emailError) email.focus();
    else if (passwordError) password.focus();
    return !emailError && !passwordError;
  }

  async function logIn() {
    var body = new URLSearchParams({
      email: email.value.trim(),
      password: password.value,
      csrfToken: await csrfToken(),
      callbackUrl: callbackUrl,
      json: "true",
    });
    if (onCodeStep) body.set("code", code.value.trim());
    var res = await fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body,
    });
    var data = await res.json();
    var error = new URL(data.url, location.href).searchParams.get("error");
    // A refused CSRF token (an expired cookie) comes back without an error: ask for a fresh one.
    if (!res.ok && !error) csrf = null;
    return res.ok && !error ? null : describe(error);
  }

  // A field showing an error is checked again as it changes, so the error goes once it is fixed; a
  // refused code's reason goes as soon as another is typed. Fields without an error stay quiet.
  form.addEventListener("input", function (event) {
    var input = event.target;
    if (input.getAttribute("aria-invalid") !== "true") return;
    if (input === email) setFieldError(email, emailProblem());
    else if (input === password) setFieldError(password, passwordProblem());
    else if (input === code) setFieldError(code, "");
  });

  form.addEventListener("submit", async function (event) {
    event.preventDefault();
    if (submit.disabled) return;
    clearMessages();
    if (!onCodeStep && !checkFields()) return;
    if (onCodeStep && !code.value.trim()) {
      setFieldError(code, recovery ? "Enter one of your recovery codes" : "Enter the 6-digit code from your authenticator app");
      code.focus();
      return;
    }
    setBusy(true);
    var error;
    try {
      error = await logIn();
    } catch {
      setBusy(false);
      showError(NETWORK_ERROR);
      return;
    }
    // Signed in: a full page load with the new session cookie; the button stays busy meanwhile.
    if (!error) return location.assign(callbackUrl);
    setBusy(false);
    if (error === CODE_REQUIRED) {
      showCodeStep(true);
      code.focus();
    } else if (onCodeStep && /code/i.test(error) && !/too many/i.test(error)) {
      // A wrong or used code: stay on the code step with the reason beside the field.
      code.value = "";
      setFieldError(code, error);
      code.focus();
    } else {
      showError(error);
    }
  });

  resendButton.addEventListener("click", async function () {
    resendButton.disabled = true;
    resendButton.textContent = "Sending…";
    var message = null;
    try {
      var res = await fetch("/api/auth/resend-verification", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: email.value.trim() }),
      });
      if (!res.ok) {
        var data = await res.json().catch(function () {
          return {};
        });
        message = res.status < 500 && data && data.message ? data.message : GENERIC_ERROR;
      }
    } catch {
      message = NETWORK_ERROR;
    }
    resendButton.disabled = false;
    resendButton.textContent = "Resend verification email";
    if (message) return showError(message);
    errorAlert.hidden = true;
    find("[data-login-sent-to]").textContent = email.value.trim();
    sentAlert.hidden = false;
  });

  find("[data-password-toggle]").addEventListener("click", function (event) {
    var toggle = event.currentTarget;
    var show = password.type === "password";
    password.type = show ? "text" : "password";
    toggle.setAttribute("aria-pressed", String(show));
    toggle.querySelector("[data-when=hidden]").style.display = show ? "none" : "";
    toggle.querySelector("[data-when=shown]").style.display = show ? "" : "none";
  });

  find("[data-code-kind]").addEventListener("click", function () {
    code.value = "";
    setFieldError(code, "");
    setCodeKind(!recovery);
    code.focus();
  });

  find("[data-code-back]").addEventListener("click", function () {
    clearMessages();
    showCodeStep(false);
    email.focus();
  });
})();
