// Submits the sign-out confirmation at once when the portal asked for it (id_token_hint present); kept as a file
// because the Content-Security-Policy forbids inline scripts.
(function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var yes = document.createElement('input');
  yes.type = 'hidden';
  yes.name = 'logout';
  yes.value = 'yes';
  form.appendChild(yes);
  form.submit();
})();
