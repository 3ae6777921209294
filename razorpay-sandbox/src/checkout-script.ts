/**
 * The sandbox's Checkout.js. Same surface as Razorpay's
 * (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/): `new
 * Razorpay(options)`, `open()`, `close()`, `on('payment.failed', fn)`, `options.handler(response)`
 * with razorpay_payment_id / razorpay_order_id / razorpay_signature, `options.modal.ondismiss`.
 * Instead of Razorpay's iframe it shows a small modal dialog in the page with Pay, Fail and
 * Dismiss; Pay and Fail ask the sandbox server, which signs and sends webhooks like Razorpay.
 * A card number or UPI id may be typed (left empty, each payment gets an instrument of its own):
 * two payments typed alike were made with one instrument (sandbox-instruments.ts).
 *
 * Plain ES2017 in a string: it is served as is to any browser, no bundler in between.
 */
const SOURCE = String.raw`(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.sandbox) return;
  var current = document.currentScript;
  var BASE = current && current.src ? current.src.replace(/checkout\.js(\?.*)?$/, '') : __SANDBOX_BASE__;
  var METHODS = [['upi', 'UPI'], ['card', 'Card'], ['netbanking', 'Netbanking'], ['wallet', 'Wallet']];
  var counter = 0;

  function el(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      // Through the CSSOM: a style attribute in markup is inline style, which the page's CSP refuses.
      if (name === 'style') node.style.cssText = attributes[name];
      else node.setAttribute(name, attributes[name]);
    });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function formatAmount(amount, currency) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency }).format(amount / 100);
    } catch (e) {
      return (amount / 100).toFixed(2) + ' ' + currency;
    }
  }

  function post(path, body) {
    return fetch(BASE + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, body: json }; });
    });
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('No key passed');
    this.options = options;
    this.listeners = {};
    this.root = null;
    this.previousFocus = null;
  }
  Razorpay.sandbox = true;

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      try { callback(payload); } catch (error) { setTimeout(function () { throw error; }); }
    });
  };

  Razorpay.prototype.close = function () {
    if (!this.root) return;
    document.removeEventListener('keydown', this.onKey, true);
    this.root.remove();
    this.root = null;
    if (this.previousFocus && this.previousFocus.focus) this.previousFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.open = function () {
    if (this.root) return this;
    var self = this;
    var o = this.options;
    var modal = o.modal || {};
    var methodConfig = o.method || {};
    var id = 'rzp-sandbox-' + (++counter);
    this.previousFocus = document.activeElement;

    var root = el('div', { 'data-razorpay-sandbox': '' });
    root.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;' +
      'justify-content:center;background:rgba(15,23,42,.55);font:16px/1.5 system-ui,sans-serif';
    var dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-desc' });
    dialog.style.cssText = 'background:#fff;color:#111827;border-radius:12px;padding:24px;width:min(92vw,380px);' +
      'box-shadow:0 20px 40px rgba(0,0,0,.3)';
    dialog.appendChild(el('h2', { id: id + '-title', style: 'margin:0 0 4px;font-size:1.25rem' }, o.name || 'Razorpay sandbox'));
    var desc = el('p', { id: id + '-desc', style: 'margin:0 0 12px' });
    desc.appendChild(document.createTextNode((o.description ? o.description + ': ' : 'Amount: ')));
    desc.appendChild(el('strong', {}, formatAmount(Number(o.amount), o.currency || 'INR')));
    dialog.appendChild(desc);
    dialog.appendChild(el('p', { style: 'margin:0 0 12px;font-size:.875rem;color:#4b5563' }, 'Test mode: no real money moves.'));

    var fieldset = el('fieldset', { style: 'border:1px solid #d1d5db;border-radius:8px;margin:0 0 12px;padding:8px 12px' });
    fieldset.appendChild(el('legend', {}, 'Payment method'));
    var firstMethod = null;
    METHODS.forEach(function (entry) {
      if (methodConfig[entry[0]] === false) return;
      var label = el('label', { style: 'display:inline-flex;gap:4px;margin-right:12px' });
      var radio = el('input', { type: 'radio', name: id + '-method', value: entry[0] });
      if (!firstMethod) { radio.checked = true; firstMethod = radio; }
      label.appendChild(radio);
      label.appendChild(document.createTextNode(entry[1]));
      fieldset.appendChild(label);
    });
    dialog.appendChild(fieldset);

    // The instrument, as the payer types it in Razorpay's own form (optional here).
    var inputStyle = 'display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:6px 8px;border:1px solid #6b7280;border-radius:6px;font:inherit';
    function instrumentField(name, labelText, placeholder, mode) {
      var label = el('label', { style: 'display:block;margin:0 0 12px' }, labelText);
      var input = el('input', { type: 'text', name: name, placeholder: placeholder, autocomplete: 'off', inputmode: mode, style: inputStyle });
      label.appendChild(input);
      dialog.appendChild(label);
      return { label: label, input: input };
    }
    var cardField = instrumentField('card', 'Card number (optional)', '4111 1111 1111 1111', 'numeric');
    var vpaField = instrumentField('vpa', 'UPI ID (optional)', 'success@razorpay', 'email');
    function showInstrument() {
      var method = chosenMethod();
      cardField.label.style.display = method === 'card' ? 'block' : 'none';
      vpaField.label.style.display = method === 'upi' ? 'block' : 'none';
    }
    fieldset.addEventListener('change', showInstrument);

    var status = el('p', { role: 'status', 'aria-live': 'polite', style: 'min-height:1.5em;margin:0 0 12px' });
    dialog.appendChild(status);

    var row = el('div', { style: 'display:flex;gap:8px;flex-wrap:wrap' });
    var pay = el('button', { type: 'button' }, 'Pay ' + formatAmount(Number(o.amount), o.currency || 'INR'));
    var fail = el('button', { type: 'button' }, 'Fail');
    var dismiss = el('button', { type: 'button' }, 'Dismiss');
    [pay, fail, dismiss].forEach(function (button) {
      button.style.cssText = 'padding:8px 14px;border-radius:6px;border:1px solid #1f2937;cursor:pointer;font:inherit';
      row.appendChild(button);
    });
    pay.style.background = '#1d4ed8';
    pay.style.color = '#fff';
    dialog.appendChild(row);
    root.appendChild(dialog);

    function chosenMethod() {
      var checked = dialog.querySelector('input[type=radio]:checked');
      return checked ? checked.value : 'card';
    }
    showInstrument();
    function busy(on) {
      dialog.setAttribute('aria-busy', on ? 'true' : 'false');
      [pay, fail, dismiss].forEach(function (button) { button.disabled = on; });
    }
    function request(path) {
      busy(true);
      var prefill = o.prefill || {};
      var method = chosenMethod();
      return post(path, {
        key: o.key, order_id: o.order_id, method: method, email: prefill.email, contact: prefill.contact,
        card: method === 'card' ? cardField.input.value : null,
        vpa: method === 'upi' ? vpaField.input.value : null
      })
        .catch(function () {
          return { ok: false, body: { error: { code: 'NETWORK_ERROR', description: 'The sandbox could not be reached.', source: 'customer', step: 'payment_initiation', reason: 'network_error', metadata: { order_id: o.order_id } } } };
        })
        .then(function (result) { busy(false); return result; });
    }

    pay.addEventListener('click', function () {
      status.textContent = 'Processing payment…';
      request('checkout/pay').then(function (result) {
        if (result.ok) {
          self.close();
          if (typeof o.handler === 'function') o.handler(result.body);
          return;
        }
        status.textContent = (result.body.error && result.body.error.description) || 'Payment failed.';
        self.emit('payment.failed', result.body);
      });
    });
    fail.addEventListener('click', function () {
      status.textContent = 'Processing payment…';
      request('checkout/fail').then(function (result) {
        status.textContent = 'Payment failed. You can try again or dismiss.';
        self.emit('payment.failed', result.body);
      });
    });
    dismiss.addEventListener('click', function () { self.dismiss(); });
    root.addEventListener('click', function (event) {
      if (event.target === root && modal.backdropclose === true) self.dismiss();
    });

    this.onKey = function (event) {
      if (event.key === 'Escape' && modal.escape !== false) {
        event.preventDefault();
        self.dismiss();
        return;
      }
      if (event.key !== 'Tab') return;
      // Keep focus inside the dialog while it is open (WAI-ARIA modal dialog pattern).
      var focusable = Array.prototype.filter.call(
        dialog.querySelectorAll('button, input'),
        function (node) { return !node.disabled; }
      );
      if (focusable.length === 0) return;
      var first = focusable[0];
      var last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
      else if (!dialog.contains(document.activeElement)) { event.preventDefault(); first.focus(); }
    };
    document.addEventListener('keydown', this.onKey, true);
    document.body.appendChild(root);
    this.root = root;
    pay.focus();
    return this;
  };

  window.Razorpay = Razorpay;
})();
`;

/** The script, with `base` (the sandbox prefix, e.g. '/sandbox/razorpay/') as fallback base URL. */
export function checkoutScript(base: string): string {
  return SOURCE.replace('__SANDBOX_BASE__', JSON.stringify(base));
}
