/**
 * The stand-in for PayPal's JavaScript SDK that the server serves when it runs without PayPal
 * credentials. It offers what `@paypal/react-paypal-js`'s <PayPalButtons> uses of the real one
 * (`paypal.Buttons(options)` with `isEligible`, `render`, `close`, `updateProps`, and the
 * `onInit`, `onClick`, `createOrder`, `onApprove`, `onCancel` and `onError` callbacks), and in
 * place of PayPal's window a small panel where the buyer approves or cancels the test payment.
 * Approval goes to the stand-in's REST API beside this script; everything else runs through the
 * SPA's and the server's real payment code.
 *
 * The pay button follows one state: 'idle' (it pays), 'creating' (the order is being opened:
 * working, disabled), 'open' (the checkout panel is open below it: disabled, saying so, as PayPal's
 * own buttons do while its window is open) and 'approving' (approved, the app is capturing:
 * working, disabled). Cancelling, a failure or the end of the capture go back to 'idle'.
 */
export const STANDIN_SDK_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/sdk\/js(\?.*)?$/, '') : '';
  var lang = (document.documentElement.lang || 'en').toLowerCase().indexOf('ja') === 0 ||
    (document.documentElement.lang || '').toLowerCase().indexOf('jp') >= 0 ? 'ja' : 'en';
  var words = {
    en: {
      pay: 'Pay with PayPal (test)',
      title: 'PayPal test checkout',
      note: 'Test payment: no money moves. Approve to pay, or cancel.',
      approve: 'Approve test payment',
      cancel: 'Cancel',
      working: 'Contacting PayPal…',
      open: 'Checkout open below'
    },
    ja: {
      pay: 'PayPal で支払う（テスト）',
      title: 'PayPal テスト決済',
      note: 'テスト決済です。実際のお金は動きません。承認して支払うか、キャンセルしてください。',
      approve: 'テスト決済を承認する',
      cancel: 'キャンセル',
      working: 'PayPal に接続しています…',
      open: '下の決済画面で続けてください'
    }
  }[lang];

  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text) node.textContent = text;
    return node;
  }

  var buttonStyle = 'display:block;width:100%;min-height:44px;border:0;border-radius:6px;' +
    'font:600 16px system-ui,sans-serif;cursor:pointer;';

  function Buttons(options) {
    options = options || {};
    var container = null;
    var enabled = true;
    var state = 'idle';
    var payButton = null;

    function fail(error) {
      setState('idle');
      if (typeof options.onError === 'function') options.onError(error);
      else if (window.console) window.console.error(error);
    }
    function setState(next) {
      state = next;
      if (!payButton) return;
      var working = state === 'creating' || state === 'approving';
      payButton.disabled = !enabled || state !== 'idle';
      payButton.setAttribute('aria-busy', working ? 'true' : 'false');
      payButton.textContent = working ? words.working : state === 'open' ? words.open : words.pay;
    }
    function refresh() { setState(state); }
    var actions = {
      enable: function () { enabled = true; refresh(); return Promise.resolve(); },
      disable: function () { enabled = false; refresh(); return Promise.resolve(); }
    };

    function approval(orderID) {
      var panel = el('div', 'margin-top:12px;padding:12px;border:1px solid #cbd5e1;' +
        'border-radius:8px;background:#f8fafc;font:14px system-ui,sans-serif;color:#0f172a');
      panel.setAttribute('role', 'group');
      panel.setAttribute('aria-label', words.title);
      panel.appendChild(el('p', 'margin:0 0 4px;font-weight:700', words.title));
      panel.appendChild(el('p', 'margin:0 0 12px', words.note));
      var approve = el('button', buttonStyle + 'background:#0070ba;color:#fff;margin-bottom:8px', words.approve);
      var cancel = el('button', buttonStyle + 'background:#e2e8f0;color:#0f172a', words.cancel);
      approve.type = 'button';
      cancel.type = 'button';
      panel.appendChild(approve);
      panel.appendChild(cancel);
      approve.addEventListener('click', function () {
        approve.disabled = true;
        cancel.disabled = true;
        setState('approving');
        fetch(base + '/v2/checkout/orders/' + encodeURIComponent(orderID) + '/approve', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}'
        }).then(function (response) {
          if (!response.ok) throw new Error('The test approval failed (' + response.status + ')');
          panel.remove();
          return options.onApprove({ orderID: orderID, payerID: 'STANDINBUYER', paymentSource: 'paypal' }, {});
        }).then(function () { setState('idle'); }, function (error) {
          panel.remove();
          fail(error);
        });
      });
      cancel.addEventListener('click', function () {
        panel.remove();
        setState('idle');
        if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID });
      });
      container.appendChild(panel);
      setState('open');
      approve.focus();
    }

    function start() {
      if (!enabled || state !== 'idle') return;
      setState('creating');
      var clicked = typeof options.onClick === 'function'
        ? options.onClick({ fundingSource: 'paypal' }, actions) : true;
      Promise.resolve(clicked).then(function (allowed) {
        if (allowed === false) { setState('idle'); return undefined; }
        if (typeof options.createOrder !== 'function') throw new Error('createOrder is required');
        return Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, {})).then(function (orderID) {
          if (!orderID) throw new Error('createOrder gave no order id');
          approval(String(orderID));
        });
      }).catch(fail);
    }

    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('No container to render the buttons in'));
        payButton = el('button', buttonStyle + 'background:#ffc439;color:#111827');
        payButton.type = 'button';
        payButton.addEventListener('click', start);
        container.appendChild(payButton);
        refresh();
        if (typeof options.onInit === 'function') options.onInit({}, actions);
        return Promise.resolve();
      },
      close: function () {
        if (container) container.textContent = '';
        payButton = null;
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); }
    };
  }

  window.paypal = { Buttons: Buttons, version: 'manabi-standin' };
})();
`
