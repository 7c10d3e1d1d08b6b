// A fake Stripe.js for the browser tests (tests/e2e/stripe-checkout.spec.ts serves it for js.stripe.com):
// just what @stripe/react-stripe-js and app/components/checkout/stripe-card.tsx call. Its Payment Element is
// a plain div (no iframe) with a "Card number" input; confirmPayment posts the card number to Stripe's
// confirm endpoint (https://api.stripe.com/v1/payment_intents/<id>/confirm), which the test answers through
// the Stripe stand-in. Like Stripe.js: a `requires_action` answer with a redirect leaves for it, and
// `redirect: "always"` (the default) goes to the return_url once paid.
/* global window, document */
(function () {
  "use strict";

  var LABELS = { en: "Card number", fr: "Numéro de carte" };

  function notInFake(name) {
    return function () {
      return Promise.resolve({ error: { type: "invalid_request_error", message: name + " is not in the fake" } });
    };
  }

  function FakeStripe(publishableKey) {
    if (typeof publishableKey !== "string" || publishableKey.indexOf("pk_") !== 0) {
      throw new Error("Invalid publishable key");
    }
    var elementsOptions = {};
    var paymentElement = null;

    function createPaymentElement() {
      var listeners = {};
      var root = null;
      var input = null;
      function emit(name, payload) {
        (listeners[name] || []).slice().forEach(function (callback) {
          callback(payload);
        });
      }
      function describe() {
        if (!root) return;
        root.setAttribute("data-amount", String(elementsOptions.amount));
        root.setAttribute("data-currency", String(elementsOptions.currency));
        root.setAttribute("data-locale", String(elementsOptions.locale));
        root.setAttribute("data-mode", String(elementsOptions.mode));
      }
      var element = {
        mount: function (target) {
          var host = typeof target === "string" ? document.querySelector(target) : target;
          root = document.createElement("div");
          root.setAttribute("data-testid", "fake-payment-element");
          root.style.cssText = "display:flex;flex-direction:column;gap:6px;font-size:16px";
          var tab = document.createElement("p");
          tab.textContent = "Card · Apple Pay · Google Pay · Link";
          tab.style.cssText = "margin:0;font-size:14px;color:#57534e";
          var label = document.createElement("label");
          label.style.cssText = "display:flex;flex-direction:column;gap:4px";
          label.textContent = LABELS[elementsOptions.locale] || LABELS.en;
          input = document.createElement("input");
          input.name = "number";
          input.inputMode = "numeric";
          input.autocomplete = "cc-number";
          input.placeholder = "1234 1234 1234 1234";
          input.style.cssText = "border:1px solid #a8a29e;border-radius:8px;padding:10px;font-size:16px";
          input.addEventListener("input", function () {
            emit("change", { elementType: "payment", empty: !input.value, complete: input.value.length >= 12 });
          });
          label.appendChild(input);
          root.appendChild(tab);
          root.appendChild(label);
          host.appendChild(root);
          describe();
          setTimeout(function () {
            emit("ready", { elementType: "payment" });
          }, 0);
        },
        update: function () {},
        describe: describe,
        number: function () {
          return input ? input.value.replace(/\D/g, "") : "";
        },
        on: function (name, callback) {
          (listeners[name] = listeners[name] || []).push(callback);
          return element;
        },
        off: function (name, callback) {
          listeners[name] = (listeners[name] || []).filter(function (c) {
            return c !== callback;
          });
          return element;
        },
        focus: function () {
          if (input) input.focus();
        },
        blur: function () {},
        clear: function () {
          if (input) input.value = "";
        },
        collapse: function () {},
        unmount: function () {
          if (root && root.parentNode) root.parentNode.removeChild(root);
        },
        destroy: function () {
          element.unmount();
          paymentElement = null;
        },
      };
      return element;
    }

    var elements = {
      create: function (type) {
        if (type !== "payment") throw new Error("The fake Stripe.js has only the Payment Element, not " + type);
        paymentElement = createPaymentElement();
        return paymentElement;
      },
      getElement: function (type) {
        return type === "payment" ? paymentElement : null;
      },
      update: function (options) {
        Object.keys(options || {}).forEach(function (key) {
          elementsOptions[key] = options[key];
        });
        if (paymentElement) paymentElement.describe();
      },
      submit: function () {
        if (!paymentElement || !paymentElement.number()) {
          return Promise.resolve({
            error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." },
          });
        }
        return Promise.resolve({});
      },
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      on: function () {},
    };

    function confirmPayment(args) {
      var clientSecret = String(args.clientSecret || "");
      var cut = clientSecret.indexOf("_secret_");
      if (!args.elements || cut < 0) {
        return Promise.resolve({
          error: { type: "invalid_request_error", message: "Missing clientSecret or elements" },
        });
      }
      var id = clientSecret.slice(0, cut);
      var returnUrl = (args.confirmParams && args.confirmParams.return_url) || "";
      var body = new URLSearchParams();
      body.set("client_secret", clientSecret);
      body.set("key", publishableKey);
      body.set("return_url", returnUrl);
      body.set("payment_method_data[type]", "card");
      body.set("payment_method_data[card][number]", paymentElement ? paymentElement.number() : "");
      return fetch("https://api.stripe.com/v1/payment_intents/" + encodeURIComponent(id) + "/confirm", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      })
        .then(function (response) {
          return response.json();
        })
        .then(function (intent) {
          if (intent.error) return { error: intent.error };
          var next = intent.next_action && intent.next_action.redirect_to_url;
          var leave =
            intent.status === "requires_action" && next
              ? next.url
              : args.redirect !== "if_required" && intent.status === "succeeded"
                ? returnUrl +
                  (returnUrl.indexOf("?") < 0 ? "?" : "&") +
                  "payment_intent=" +
                  encodeURIComponent(id) +
                  "&payment_intent_client_secret=" +
                  encodeURIComponent(clientSecret) +
                  "&redirect_status=succeeded"
                : null;
          if (leave) {
            window.location.assign(leave);
            return new Promise(function () {});
          }
          return { paymentIntent: intent };
        });
    }

    return {
      elements: function (options) {
        elementsOptions = {};
        elements.update(options);
        return elements;
      },
      confirmPayment: confirmPayment,
      createToken: notInFake("createToken"),
      createPaymentMethod: notInFake("createPaymentMethod"),
      confirmCardPayment: notInFake("confirmCardPayment"),
      retrievePaymentIntent: notInFake("retrievePaymentIntent"),
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }

  FakeStripe.version = "endive";
  window.Stripe = FakeStripe;
})();
