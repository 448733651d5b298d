/** Texts that would break out of an inline script or a replacement if written in unescaped (decision 0057). */
export const PLANTED = {
  'a closing script tag': '</script><img src=x onerror="window.PWNED=1">',
  'replacement patterns': "满$'$`$&$$ 0)}})();window.PWNED=1//",
  // Unescaped, the script's own end tag would no longer end it: the page after it became script.
  'an HTML comment opener': '<!--<script>',
  'a line separator (U+2028)': '第一行\u2028第二行\u2029完',
};
