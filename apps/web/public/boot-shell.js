// Paints a boot shell into #root while the app's code downloads, parses and runs, for a returning signed-in user:
// on desktop the header with logo and name, the banner navigation's strip and, on the home page, the first banner;
// on a phone's home page the search bar and the first banner. From the last template this browser saw
// (src/app/shell-snapshot.ts writes it). A classic script, so it runs during parsing, before the module entry;
// plain JavaScript without imports for the same reason. It repeats four small rules of the app, kept in step by
// hand: the phone user-agent (src/lib/config/device.ts), a live stored session (src/app/auth/stored-user.ts), the
// template's domain/solution (src/lib/config/page-template.ts templateParams) and the snapshot's key. React replaces the
// shell with the real layout (the boxes are the same: src/app/boot.css).
(function () {
  try {
    var q = new URLSearchParams(location.search);
    var forced = q.get('layout');
    var mobile = forced
      ? forced === 'mobile'
      : /Android|iPhone|iPad|iPod|Mobile|MicroMessenger/i.test(navigator.userAgent);
    var now = Date.now();
    var live = false;
    for (var i = 0; i < localStorage.length && !live; i++) {
      var k = localStorage.key(i) || '';
      if (k.indexOf('oidc.user:') !== 0 && k !== 'sh.implicit.user') continue;
      var u = JSON.parse(localStorage.getItem(k) || 'null');
      var exp =
        u &&
        (k === 'sh.implicit.user'
          ? u.expiresAt
          : u.access_token
            ? u.expires_at === undefined
              ? Infinity
              : u.expires_at
            : 0);
      live = !!exp && exp * 1000 > now;
    }
    if (!live) return;
    var saved = JSON.parse(sessionStorage.getItem('sh.template') || '{}');
    var key =
      'sh.shell:' +
      (q.get('domain') || saved.domain || 'todoCenter') +
      ':' +
      (q.get('solution') || saved.solution || 'default');
    var snap = JSON.parse(localStorage.getItem(key) || 'null');
    if (!snap || typeof snap.primary !== 'string' || typeof snap.logo !== 'string') return;
    var lang = localStorage.getItem('locale') === 'en' ? 'en' : 'zh';
    var at = location.pathname.indexOf('/workflow/');
    var home = at < 0 || /^\/workflow\/index\/?$/.test(location.pathname.slice(at));

    var el = function (tag, cls, parent) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      parent.appendChild(e);
      return e;
    };
    var root = document.getElementById('root');
    if (mobile) {
      // src/layouts/mobile/mobile.css .shm-top/.shm-searchrow, src/features/apps/apps-mobile.css .shm-banner.
      if (!home || typeof snap.banner !== 'string') return;
      var phone = el('div', 'boot-shell boot-phone', root);
      phone.style.setProperty('--sh-primary', snap.primary);
      phone.setAttribute('aria-busy', 'true');
      var top = el('div', 'boot-phone-top', phone);
      el('div', 'boot-phone-search', top);
      el('div', 'boot-phone-me', top);
      var pimg = el('img', '', el('div', 'boot-phone-banner', phone));
      pimg.alt = '';
      pimg.setAttribute('fetchpriority', 'high');
      pimg.src = snap.banner;
      performance.mark('sh:shell');
      return;
    }
    var shell = el('div', 'boot-shell', root);
    shell.style.setProperty('--sh-primary', snap.primary);
    shell.setAttribute('aria-busy', 'true');
    var inner = el('div', 'boot-header-inner', el('header', 'boot-header', shell));
    var logo = el('img', 'boot-logo', inner);
    logo.alt = '';
    logo.src = snap.logo;
    if (snap.lang === lang && typeof snap.brand === 'string') el('span', 'boot-brand', inner).textContent = snap.brand;
    el('div', 'boot-nav', shell);
    var main = el('main', 'boot-main', shell);
    if (home && typeof snap.banner === 'string') {
      var img = el('img', '', el('div', 'boot-banner', main));
      img.alt = '';
      img.setAttribute('fetchpriority', 'high');
      img.src = snap.banner;
    }
    performance.mark('sh:shell');
  } catch {
    /* no shell: the app starts as without it */
  }
})();
