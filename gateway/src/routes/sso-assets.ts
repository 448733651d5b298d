/**
 * The stand-in login gateway's own files: stylesheet, script and the simulated WeChat avatar.
 * Served as files (not inline) so the SSO page's CSP needs no 'unsafe-inline'.
 */

export const SSO_CSS = `
/* Text reaches 4.5:1 on its background (tests/build/contrast.test.ts): the greys are the labels'
   #5c6573, the messages the portal's danger and success; WeChat's green stays on the border and icon. */
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;background:#f5f7fb;color:#1f2633;font:15px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif}
.hero{background:linear-gradient(160deg,#2f6bff,#5b8cff);color:#fff;padding:40px 24px 72px}
.hero h1{margin:0;font-size:22px;font-weight:600}
.hero p{margin:6px 0 0;opacity:.85;font-size:14px}
.card{background:#fff;border-radius:16px;margin:-48px 16px 0;padding:24px 20px;box-shadow:0 6px 24px rgba(31,38,51,.08)}
/* Every control is a 44 px touch target (decision 0018): a field's input is the row's full height.
   The label column is just wide enough for 手机号, so 6位验证码 shows whole beside 60秒后重新获取 at 320. */
.field{display:flex;align-items:center;border-bottom:1px solid #e8ebf1;padding:3px 0}
.field label{width:56px;flex:none;color:#5c6573;font-size:14px}
.field input{flex:1;min-width:0;height:44px;border:0;outline:0;font-size:16px;padding:0;background:transparent;color:inherit}
.send{flex:none;min-height:44px;border:0;background:none;color:#2560eb;font-size:14px;padding:0 0 0 12px;cursor:pointer}
.send:disabled{color:#a0a8b5;cursor:default}
.msg{min-height:22px;margin:10px 0 0;color:#d63039;font-size:13px}
.msg--ok{color:#0f7a55}
.demo{margin:8px 0 0;padding:8px 12px;border-radius:8px;background:#fff7e6;color:#8c5a00;font-size:13px}
.primary{display:block;width:100%;margin-top:16px;border:0;border-radius:24px;background:#2560eb;color:#fff;font-size:16px;padding:12px;cursor:pointer}
/* A wrapped sentence with two links (decision 0034): lines 44 px apart, links unbroken, each padded
   to a tap's height over its own line only. A tap elsewhere on the label ticks the box. */
.agree{display:flex;gap:8px;align-items:center;min-height:44px;margin-top:12px;font-size:12px;line-height:44px;color:#5c6573;cursor:pointer}
.agree input{flex:none;width:20px;height:20px;margin:0}
.agree a{padding:calc(22px - .5em) 0;color:#2560eb;text-decoration:none;white-space:nowrap}
.other{margin:32px 16px 0;text-align:center;color:#5c6573;font-size:12px}
.other .line{display:flex;align-items:center;gap:12px}
.other .line::before,.other .line::after{content:"";flex:1;height:1px;background:#e8ebf1}
.wx{display:inline-flex;align-items:center;gap:8px;min-height:44px;margin-top:16px;border:1px solid #07c160;border-radius:24px;background:#fff;color:#067d3f;font-size:15px;padding:10px 24px;cursor:pointer}
.wx svg{width:20px;height:20px}
.hint{margin:8px 0 0;color:#5c6573;font-size:12px}
.error-page{padding:64px 24px;text-align:center}
.error-page h1{font-size:18px;margin:16px 0 8px}
.error-page p{color:#5c6573;font-size:14px;margin:0}
.footer{margin:32px 0 24px;text-align:center;color:#5c6573;font-size:12px}
`;

export const SSO_JS = `(function () {
  var form = document.getElementById('sso-form');
  if (!form) return;
  var phone = document.getElementById('phone');
  var send = document.getElementById('send');
  var msg = document.getElementById('msg');
  var demo = document.getElementById('demo');
  var agree = document.getElementById('agree');
  var pattern = /^(?:\\+?86)?1\\d{10}$/;
  var interval = Number(send.getAttribute('data-interval')) || 60;
  var left = 0, timer = 0;
  function show(text, ok) { msg.textContent = text; msg.className = ok ? 'msg msg--ok' : 'msg'; }
  function tick() {
    if (left <= 0) { clearInterval(timer); send.disabled = false; send.textContent = '获取验证码'; return; }
    send.textContent = left + '秒后重新获取'; left -= 1;
  }
  send.addEventListener('click', function () {
    var value = phone.value.trim();
    if (!pattern.test(value)) { show('请填写正确的手机号'); phone.focus(); return; }
    send.disabled = true;
    fetch('/sso/sms', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ phone: value }) })
      .then(function (r) { return r.json(); })
      .then(function (res) {
        if (res.code !== 200) { send.disabled = false; show(res.desc || '发送失败，请稍后重试'); return; }
        left = interval; tick(); timer = setInterval(tick, 1000);
        show('验证码已发送，5分钟内有效', true);
        if (res.obj && res.obj.demoCode) { demo.textContent = '演示环境验证码：' + res.obj.demoCode; demo.hidden = false; }
        document.getElementById('code').focus();
      })
      .catch(function () { send.disabled = false; show('网络异常，请稍后重试'); });
  });
  form.addEventListener('submit', function (e) {
    if (!pattern.test(phone.value.trim())) { e.preventDefault(); show('请填写正确的手机号'); return; }
    if (!/^\\d{6}$/.test(document.getElementById('code').value.trim())) { e.preventDefault(); show('请填写6位数字验证码'); return; }
    if (!agree.checked) { e.preventDefault(); show('请先阅读并同意《平台用户协议》和《隐私政策》'); }
  });
})();
`;

/** The simulated WeChat profile picture: local, so no remote image is ever shown. */
export const WX_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">
<rect width="96" height="96" rx="12" fill="#07c160"/>
<circle cx="48" cy="38" r="16" fill="#fff" opacity=".95"/>
<path d="M18 84c4-16 16-24 30-24s26 8 30 24" fill="#fff" opacity=".95"/>
</svg>`;

export const WX_ICON = `<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="#07c160" d="M9 4C5 4 2 6.7 2 10c0 1.9 1 3.6 2.6 4.7L4 17l2.7-1.4c.7.2 1.5.3 2.3.3h.5a5.6 5.6 0 0 1-.2-1.5c0-3.3 3.1-6 7-6h.4C16 5.9 12.8 4 9 4zm-2.5 3.3a1 1 0 1 1 0 2 1 1 0 0 1 0-2zm5 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2zM16.3 10C13 10 10.5 12.2 10.5 15s2.6 5 5.8 5c.6 0 1.3-.1 1.9-.3L20.5 21l-.5-2c1.3-.9 2-2.3 2-4 0-2.8-2.6-5-5.7-5zm-2 2.8a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zm4 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8z"/></svg>`;
