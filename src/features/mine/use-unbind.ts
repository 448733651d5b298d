import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { unbind } from '@/api/login';
import { useIndexCode } from '@/hooks/use-index-code';
import { confirm } from '@/lib/dialog';
import { withIndexCode } from '@/lib/paths';
import { unreadChanged } from '@/stores/unread';
import { loggedOut } from '@/stores/user';

/**
 * 解除绑定 (docs/product.md §7, §4): asks first; on success the phone is unbound and the token revoked
 * by the gateway, the portal clears the store and the cookie, and the user lands on the home
 * (history replaced, so back does not return to a personal centre that no longer applies).
 * A refusal or network failure keeps everything as it was (the client has shown why).
 */
export function useUnbind(home: '/index' | '/indexNew' = '/index') {
  const navigate = useNavigate();
  const indexCode = useIndexCode();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const sure = await confirm({
      title: '解除绑定',
      content: '解除后本微信将不再关联您的手机号，需要重新登录才能查看权益和消息。确定解除吗？',
      confirmText: '解除绑定',
    });
    if (!sure) return;
    setBusy(true);
    try {
      await unbind();
      loggedOut();
      unreadChanged(0);
      navigate(withIndexCode(home, indexCode), { replace: true });
    } catch {
      // Refused or unreachable: the client has shown why; still bound.
    } finally {
      setBusy(false);
    }
  };

  return { unbind: run, busy };
}
