/**
 * WeChat's in-app browser (docs/product.md §2.8): lock the font size and hide the share menu once
 * WeixinJSBridge is ready. Outside WeChat nothing happens.
 */
interface WeixinJSBridge {
  invoke(name: string, args: Record<string, unknown>, callback?: () => void): void;
  on(name: string, callback: () => void): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

function onBridgeReady(bridge: WeixinJSBridge): void {
  bridge.invoke('setFontSizeCallback', { fontSize: 0 });
  // A user changing the size from the menu is put back at once.
  bridge.on('menu:setfont', () => bridge.invoke('setFontSizeCallback', { fontSize: 0 }));
  bridge.invoke('hideOptionMenu', {});
}

export function installWeChatFixes(): void {
  if (window.WeixinJSBridge) {
    onBridgeReady(window.WeixinJSBridge);
    return;
  }
  document.addEventListener(
    'WeixinJSBridgeReady',
    () => {
      if (window.WeixinJSBridge) onBridgeReady(window.WeixinJSBridge);
    },
    { once: true },
  );
}
