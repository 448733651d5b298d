import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { startWriteOff } from '@/api/consumptions';
import { EmptyView } from '@/components/empty-view';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { useRequest } from '@/hooks/server-state';
import { invalidate } from '@/stores/freshness';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import type { Consumption } from '@contract/types';
import { ExpireCountdown } from './expire-countdown';
import { groupDigits } from './group-digits';
import { useWriteOffStatus } from './use-write-off-status';
import './write-off.css';

function CodeCard({ consumption }: { consumption: Consumption }) {
  return (
    <section className="write-off__card" aria-label="核销码">
      <p className="write-off__service">{consumption.serviceName || consumption.rightName}</p>
      <p className="write-off__hint">请向服务人员出示二维码或核销码</p>
      <div className="write-off__qr">
        <QRCodeSVG
          value={consumption.writeOffCode}
          size={200}
          level="M"
          marginSize={1}
          role="img"
          aria-label="核销二维码"
        />
      </div>
      <p className="write-off__digits" aria-label={`核销码 ${consumption.writeOffCode}`}>
        {groupDigits(consumption.writeOffCode)}
      </p>
      {consumption.expireTime && <ExpireCountdown expireTime={consumption.expireTime} />}
      <p className="write-off__polling" role="status">
        <span className="write-off__dot" aria-hidden="true" />
        等待服务人员扫码核销，结果将自动显示
      </p>
    </section>
  );
}

function Outcome({
  consumption,
  onRetry,
  onEvaluate,
}: {
  consumption: Consumption;
  onRetry: () => void;
  onEvaluate: () => void;
}) {
  const success = consumption.status === 'success';
  return (
    <section className="write-off__card write-off__card--outcome" aria-label="核销结果">
      <p className="write-off__service">{consumption.serviceName || consumption.rightName}</p>
      <p className={`write-off__outcome write-off__outcome--${consumption.status}`}>
        {success ? '本次服务已核销成功' : consumption.status === 'expired' ? '该核销码已过期' : '本次核销未成功'}
      </p>
      {success ? (
        consumption.evaluateStatus === 0 && (
          <button type="button" className="app-button app-button--primary app-button--block" onClick={onEvaluate}>
            去评价
          </button>
        )
      ) : (
        <button type="button" className="app-button app-button--primary app-button--block" onClick={onRetry}>
          重新获取核销码
        </button>
      )}
    </section>
  );
}

/** A started write-off is a new (pending) record in 使用记录. */
function startedRecord(consumption: Consumption): Consumption {
  invalidate('consumptions');
  return consumption;
}

/**
 * /servWriteOff?rightId=…: starts a write-off (docs/product.md §7.6 `permConsume/writeOff`) and shows the
 * one-time code as a QR code and as digits, with a countdown, polling the status while
 * visible (docs/product.md §4.4): success → /statusTwo, failed or expired → /statusThree,
 * 60 s still pending → /statusOne.
 *
 * Kept alive: going back from a status screen shows the same code (one start per rightId;
 * the gateway also answers a repeated start with the pending code). A new code is started only
 * for another rightId, or when the screen is opened anew (not by going back) while the last
 * code is no longer pending, or by 重新获取核销码.
 */
export default function ServWriteOffPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const rightId = Number(params.get('rightId'));
  const validId = Number.isInteger(rightId) && rightId > 0;
  const [attempt, setAttempt] = useState(0);
  const { data, loading, error, reload, setData } = useRequest(
    () => startWriteOff(rightId).then(startedRecord),
    [rightId, attempt],
    {
      enabled: loggedIn && validId,
    },
  );

  // A new navigation here (a new history entry, not going back) after the code has settled
  // asks for a fresh one: e.g. /statusThree's 重新获取.
  const seenKey = useRef(location.key);
  useEffect(() => {
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    if (data && data.rightId === rightId && data.status !== 'pending') setAttempt((a) => a + 1);
  }, [location.key, data, rightId]);

  useWriteOffStatus(data?.rightId === rightId ? data : undefined, {
    onSettled: (latest) => {
      setData(latest);
      navigate(
        latest.status === 'success'
          ? `/statusTwo?consumeId=${latest.id}`
          : `/statusThree?consumeId=${latest.id}&rightId=${latest.rightId}`,
      );
    },
    onStillPending: (latest) => navigate(`/statusOne?consumeId=${latest.id}&rightId=${latest.rightId}`),
  });

  const toRights = { label: '查看我的权益', onClick: () => navigate('/rights') };
  if (!validId) {
    return (
      <div className="write-off">
        <RouteHeading />
        <EmptyView text="没有找到要使用的权益" action={toRights} />
      </div>
    );
  }
  // 10001 (used up, expired, not yours): PageState shows the gateway's sentence, which was
  // also toasted, with the way to /rights.
  return (
    <div className="write-off">
      <RouteHeading />
      <PageState
        loading={loading}
        error={error}
        onRetry={reload}
        empty={!data}
        emptyProps={{ text: '暂时无法使用该权益', action: toRights }}
        skeleton={<div className="write-off__card write-off__card--skeleton" aria-busy="true" aria-label="加载中" />}
      >
        {data &&
          (data.status === 'pending' ? (
            <CodeCard consumption={data} />
          ) : (
            <Outcome
              consumption={data}
              onRetry={() => setAttempt((a) => a + 1)}
              onEvaluate={() => navigate(`/evaluate?consumeId=${data.id}`)}
            />
          ))}
      </PageState>
      {data?.status === 'pending' && <p className="write-off__note">核销码仅限本次使用，请勿截图转发给他人</p>}
    </div>
  );
}
