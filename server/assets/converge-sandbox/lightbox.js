/* global window, document */
/*
 * The Converge sandbox's card form, running inside the lightbox iframe.
 * It talks to its opener only through postMessage, always addressed to the
 * opener's origin, with messages shaped { source: 'converge-sandbox', type, … }:
 *   ready       the form is shown and can be typed into
 *   approval    { response }  the sale was approved
 *   declined    { response }  the sale was declined
 *   error       { error: { errorCode, errorName, errorMessage } }
 *   cancelled   the customer pressed Cancel or Escape
 */
(function () {
  'use strict';

  const SOURCE = 'converge-sandbox';
  const body = document.body;
  const parentOrigin = body.dataset.parentOrigin;
  const FIELD_IDS = {
    cardNumber: 'card-number',
    expiry: 'card-expiry',
    cvv: 'card-cvv',
    name: 'card-name',
  };
  let finished = false;

  function post(message) {
    // Opened on its own (not in a frame) or from an origin we do not know: nobody to tell.
    if (window.parent === window || !parentOrigin) return;
    window.parent.postMessage(Object.assign({ source: SOURCE }, message), parentOrigin);
  }

  /** Ends the session once; later clicks and key presses change nothing. */
  function finish(message) {
    if (finished) return;
    finished = true;
    post(message);
  }

  function errorFromPage() {
    return {
      errorCode: body.dataset.errorCode,
      errorName: body.dataset.errorName || '',
      errorMessage: body.dataset.errorMessage || '',
    };
  }

  if (body.dataset.errorCode) {
    const close = document.querySelector('[data-action="close"]');
    if (close) {
      close.addEventListener('click', function () {
        finish({ type: 'error', error: errorFromPage() });
      });
    }
    finish({ type: 'error', error: errorFromPage() });
    return;
  }

  const form = document.getElementById('card-form');
  const formError = document.getElementById('form-error');
  const payButton = form.querySelector('button[type="submit"]');
  const cancelButton = form.querySelector('[data-action="cancel"]');

  function setFieldError(field, message) {
    const input = document.getElementById(FIELD_IDS[field]);
    const error = document.getElementById(FIELD_IDS[field] + '-error');
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      error.textContent = message;
      error.hidden = false;
    } else {
      input.removeAttribute('aria-invalid');
      error.textContent = '';
      error.hidden = true;
    }
  }

  function showFieldErrors(fieldErrors) {
    let first;
    Object.keys(FIELD_IDS).forEach(function (field) {
      setFieldError(field, fieldErrors[field]);
      if (fieldErrors[field] && !first) first = document.getElementById(FIELD_IDS[field]);
    });
    if (first) first.focus();
  }

  function showFormError(message) {
    formError.textContent = message;
    formError.hidden = !message;
  }

  function setBusy(busy) {
    form.setAttribute('aria-busy', busy ? 'true' : 'false');
    payButton.disabled = busy;
    cancelButton.disabled = busy;
    payButton.textContent = busy ? 'Processing…' : payButton.dataset.label;
  }

  async function pay(event) {
    event.preventDefault();
    if (finished || payButton.disabled) return;
    showFormError('');
    setBusy(true);
    const values = {
      token: body.dataset.token,
      cardNumber: form.elements.cardNumber.value,
      expiry: form.elements.expiry.value,
      cvv: form.elements.cvv.value,
      name: form.elements.name.value,
    };
    let answer;
    try {
      const response = await fetch('lightbox/sale', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(values),
        credentials: 'omit',
      });
      answer = await response.json();
    } catch (_error) {
      setBusy(false);
      showFormError('The payment could not be sent. Check your connection and try again.');
      return;
    }
    if (answer && answer.type === 'invalid' && answer.fieldErrors) {
      setBusy(false);
      showFieldErrors(answer.fieldErrors);
      return;
    }
    if (answer && (answer.type === 'approval' || answer.type === 'declined')) {
      finish({ type: answer.type, response: answer.response });
    } else if (answer && answer.type === 'error' && answer.error) {
      finish({ type: 'error', error: answer.error });
    } else {
      setBusy(false);
      showFormError('The payment could not be completed. Try again.');
    }
  }

  function cancel() {
    if (payButton.disabled) return;
    finish({ type: 'cancelled' });
  }

  /** Tab and Shift+Tab cycle inside the form, as in any modal dialog. */
  function keepFocusInside(event) {
    const focusable = Array.prototype.filter.call(
      form.querySelectorAll('input, button'),
      function (element) {
        return !element.disabled;
      },
    );
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  form.addEventListener('submit', pay);
  cancelButton.addEventListener('click', cancel);
  Object.keys(FIELD_IDS).forEach(function (field) {
    document.getElementById(FIELD_IDS[field]).addEventListener('input', function () {
      setFieldError(field, '');
    });
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Tab') keepFocusInside(event);
  });
  // On key up, so the frame is not removed while the browser is still delivering the key press.
  document.addEventListener('keyup', function (event) {
    if (event.key === 'Escape') cancel();
  });

  // The opener focuses the iframe once it is ready; the card number is where typing starts.
  const cardNumber = document.getElementById(FIELD_IDS.cardNumber);
  window.addEventListener('focus', function () {
    if (!finished && !form.contains(document.activeElement)) cardNumber.focus();
  });
  cardNumber.focus();
  post({ type: 'ready' });
})();
