/* global window, document */
/*
 * The Converge sandbox's PayWithConverge.js: the same API as Elavon's
 * hosted-payments script.
 *
 *   PayWithConverge.open({ ssl_txn_auth_token: token }, {
 *     onError(error), onCancelled(), onDeclined(response), onApproval(response)
 *   });
 *
 * It lays a full-window overlay with the card form's iframe over the page,
 * and calls exactly one callback when the form reports how it ended, after
 * removing the overlay. Only messages from the iframe it opened, from this
 * script's own origin, are listened to.
 */
(function () {
  'use strict';

  const SOURCE = 'converge-sandbox';
  const OVERLAY_Z_INDEX = '2147483000';
  const NARROW_VIEWPORT_PX = 520;

  function ownScriptUrl() {
    const current = document.currentScript;
    if (current && current.src) return new URL(current.src, document.baseURI);
    // Loaded some other way (e.g. evaluated late): find our own tag by name.
    const scripts = document.querySelectorAll('script[src*="PayWithConverge.js"]');
    const last = scripts[scripts.length - 1];
    return new URL(last ? last.src : 'PayWithConverge.js', document.baseURI);
  }

  const scriptUrl = ownScriptUrl();
  const processorOrigin = scriptUrl.origin;
  const lightboxUrl = new URL('lightbox', scriptUrl);

  let active = null;

  function stringValues(response) {
    const copy = {};
    Object.keys(response || {}).forEach(function (key) {
      const value = response[key];
      if (value !== null && value !== undefined) copy[key] = String(value);
    });
    return copy;
  }

  function errorObject(error) {
    const source = error || {};
    return {
      errorCode: String(source.errorCode || ''),
      errorName: String(source.errorName || ''),
      errorMessage: String(source.errorMessage || ''),
    };
  }

  function call(callback, argument) {
    if (typeof callback === 'function') callback(argument);
  }

  function buildOverlay(iframeSrc) {
    const overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Card payment');
    overlay.setAttribute('data-converge-lightbox', '');
    Object.assign(overlay.style, {
      position: 'fixed',
      inset: '0',
      zIndex: OVERLAY_Z_INDEX,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      background: 'rgba(15, 23, 42, 0.6)',
      padding: '0',
      margin: '0',
    });

    const iframe = document.createElement('iframe');
    iframe.title = 'Card payment';
    iframe.src = iframeSrc;
    Object.assign(iframe.style, {
      border: '0',
      background: '#ffffff',
      boxShadow: '0 20px 50px rgba(15, 23, 42, 0.35)',
    });
    fitToViewport(iframe);
    overlay.appendChild(iframe);
    return { overlay: overlay, iframe: iframe };
  }

  /** A card on wide screens; the whole screen on phones, where a card would leave the buttons out of reach. */
  function fitToViewport(iframe) {
    const narrow = window.innerWidth < NARROW_VIEWPORT_PX;
    Object.assign(iframe.style, {
      width: narrow ? '100%' : '480px',
      height: narrow ? '100%' : 'min(720px, calc(100% - 32px))',
      borderRadius: narrow ? '0' : '12px',
    });
  }

  function open(fields, callbacks) {
    const handlers = callbacks || {};
    const token = fields && fields.ssl_txn_auth_token;
    if (typeof token !== 'string' || token === '') {
      call(handlers.onError, {
        errorCode: '4009',
        errorName: 'Required Field Not Supplied',
        errorMessage: 'ssl_txn_auth_token is required.',
      });
      return;
    }
    // A second open while one is showing (a double click) is ignored, not stacked.
    if (active) return;

    const src = new URL(lightboxUrl.href);
    src.searchParams.set('token', token);
    src.searchParams.set('origin', window.location.origin);
    const built = buildOverlay(src.href);
    const previousFocus = document.activeElement;
    const previousOverflow = document.documentElement.style.overflow;

    function onResize() {
      fitToViewport(built.iframe);
    }

    function close() {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('resize', onResize);
      document.removeEventListener('keydown', onKeydown, true);
      built.overlay.remove();
      document.documentElement.style.overflow = previousOverflow;
      active = null;
      if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus();
    }

    function onMessage(event) {
      if (event.origin !== processorOrigin || event.source !== built.iframe.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || data.source !== SOURCE) return;
      switch (data.type) {
        case 'ready':
          built.iframe.focus();
          return;
        case 'approval':
          close();
          call(handlers.onApproval, stringValues(data.response));
          return;
        case 'declined':
          close();
          call(handlers.onDeclined, stringValues(data.response));
          return;
        case 'cancelled':
          close();
          call(handlers.onCancelled);
          return;
        case 'error':
          close();
          call(handlers.onError, errorObject(data.error));
          return;
        default:
      }
    }

    // Escape pressed while focus is on the page rather than in the form.
    function onKeydown(event) {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      close();
      call(handlers.onCancelled);
    }

    active = built;
    window.addEventListener('message', onMessage);
    window.addEventListener('resize', onResize);
    document.addEventListener('keydown', onKeydown, true);
    document.documentElement.style.overflow = 'hidden';
    document.body.appendChild(built.overlay);
    built.iframe.focus();
  }

  window.PayWithConverge = { open: open };
})();
