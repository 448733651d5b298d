import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/api-error';
import { evaluate, getConsumption } from '@/api/consumptions';
import { EmptyView } from '@/components/empty-view';
import { PageState } from '@/components/page-state';
import { RouteHeading } from '@/components/route-heading';
import { useRequest } from '@/hooks/server-state';
import { invalidate } from '@/stores/freshness';
import { selectIsLoggedIn, useUserStore } from '@/stores/user';
import type { Consumption } from '@contract/types';
import { EVALUATION_CONTENT_MAX, Messages } from '@contract/validation';
import { StarRating } from './star-rating';
import './evaluation.css';

/** The fixed tags a customer can pick (docs/product.md §4.5: tags). */
export const EVALUATION_TAGS = ['服务专业', '态度热情', '响应及时', '环境整洁', '流程便捷', '物有所值'] as const;

/**
 * /evaluate?consumeId=…: rate a used service — 1–5 stars, tags, up to 200 characters with a
 * live counter; submitted once (the button locks while sending). An evaluated record shows
 * read-only. Kept alive, so the form lives in a child keyed by consumeId: another record
 * starts from a clean form (docs/product.md §11).
 */
export default function EvaluatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const consumeId = Number(params.get('consumeId'));
  const validId = Number.isInteger(consumeId) && consumeId > 0;
  const { data, loading, error, reload, setData } = useRequest(() => getConsumption(consumeId), [consumeId], {
    enabled: loggedIn && validId,
  });

  // A missing or foreign record (the gateway's 服务记录不存在) leads back to the records.
  const notFound = {
    text: '没有找到要评价的服务记录',
    action: { label: '查看使用记录', onClick: () => navigate('/rights?tab=records') },
  };

  if (!validId) {
    return (
      <div className="evaluate">
        <RouteHeading />
        <EmptyView {...notFound} />
      </div>
    );
  }
  const current = data?.id === consumeId ? data : undefined;
  // Once the record shows, its service's name (EvaluateBody's header) is the page's h1.
  return (
    <div className="evaluate">
      <PageState
        loading={loading}
        error={error}
        onRetry={reload}
        empty={!current}
        emptyProps={notFound}
        heading={<RouteHeading />}
      >
        {current && <EvaluateBody key={current.id} consumption={current} onEvaluated={setData} onReload={reload} />}
      </PageState>
    </div>
  );
}

interface EvaluateBodyProps {
  consumption: Consumption;
  onEvaluated: (c: Consumption) => void;
  onReload: () => Promise<void>;
}

function EvaluateBody({ consumption, onEvaluated, onReload }: EvaluateBodyProps) {
  const navigate = useNavigate();
  const [thanked, setThanked] = useState(false);
  const name = consumption.serviceName || consumption.rightName;

  const header = (
    <header className="evaluate__head">
      <h1 className="evaluate__name">{name}</h1>
      <p className="evaluate__meta">{consumption.providerName}</p>
      {consumption.consumeTime && <p className="evaluate__meta">核销时间：{consumption.consumeTime}</p>}
    </header>
  );

  if (consumption.status !== 'success') {
    return (
      <>
        {header}
        <EmptyView
          text="该服务尚未核销成功，核销成功后才能评价"
          action={{ label: '查看使用记录', onClick: () => navigate('/rights?tab=records') }}
        />
      </>
    );
  }

  if (consumption.evaluateStatus === 1) {
    return (
      <>
        {header}
        {thanked && (
          <p className="evaluate__thanks" role="status">
            感谢您的评价！您的反馈将帮助我们改进服务。
          </p>
        )}
        <section className="evaluate__card" aria-label="我的评价">
          <h2 className="evaluate__title">我的评价</h2>
          <StarRating value={consumption.score ?? 0} />
          {consumption.tags && consumption.tags.length > 0 && (
            <ul className="evaluate__tags evaluate__tags--readonly" aria-label="评价标签">
              {consumption.tags.map((tag) => (
                <li key={tag} className="evaluate__tag evaluate__tag--on">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <p className="evaluate__content">{consumption.content || '未填写文字评价'}</p>
        </section>
        <div className="evaluate__actions">
          <button
            type="button"
            className="app-button app-button--ghost app-button--block"
            onClick={() => navigate('/index')}
          >
            返回首页
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      {header}
      <EvaluateForm
        consumeId={consumption.id}
        onDone={(score, content, tags) => {
          setThanked(true);
          onEvaluated({ ...consumption, evaluateStatus: 1, score, content, tags });
        }}
        onRefused={onReload}
      />
    </>
  );
}

interface EvaluateFormProps {
  consumeId: number;
  onDone: (score: number, content: string, tags: string[]) => void;
  /** A 10001 (e.g. 该服务已评价): the client has toasted its sentence; reload the record. */
  onRefused: () => Promise<void>;
}

function EvaluateForm({ consumeId, onDone, onRefused }: EvaluateFormProps) {
  const [score, setScore] = useState(0);
  const [tags, setTags] = useState<string[]>([]);
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [tried, setTried] = useState(false);
  // A ref, not only state: a double tap lands before React re-renders the disabled button.
  const sendingRef = useRef(false);

  const length = content.length;
  const tooLong = length > EVALUATION_CONTENT_MAX;
  const scoreError = tried && score === 0 ? Messages.scoreRequired : '';
  const contentError = tooLong ? Messages.contentTooLong : '';

  const toggleTag = (tag: string) =>
    setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (sendingRef.current || score === 0 || tooLong) return;
    sendingRef.current = true;
    setSending(true);
    try {
      await evaluate({ consumeId, score, content: content.trim(), tags });
      invalidate('consumptions');
      onDone(score, content.trim(), tags);
    } catch (error) {
      // A network error: the client has toasted; the form keeps everything for another try.
      if (error instanceof ApiError) await onRefused();
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return (
    <form className="evaluate__card" onSubmit={submit} noValidate aria-label="服务评价">
      <fieldset className="evaluate__field">
        <legend className="evaluate__title">服务评分</legend>
        <StarRating value={score} onChange={setScore} label="服务评分" />
        {scoreError && (
          <p className="evaluate__error" role="alert">
            {scoreError}
          </p>
        )}
      </fieldset>
      <fieldset className="evaluate__field">
        <legend className="evaluate__title">评价标签（可多选）</legend>
        <div className="evaluate__tags">
          {EVALUATION_TAGS.map((tag) => (
            <button
              key={tag}
              type="button"
              className={`evaluate__tag${tags.includes(tag) ? ' evaluate__tag--on' : ''}`}
              aria-pressed={tags.includes(tag)}
              onClick={() => toggleTag(tag)}
            >
              {tag}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="evaluate__field">
        <label htmlFor="evaluate-content" className="evaluate__title">
          评价内容（选填）
        </label>
        <textarea
          id="evaluate-content"
          className={`evaluate__textarea${tooLong ? ' evaluate__textarea--error' : ''}`}
          rows={5}
          value={content}
          placeholder="说说这次服务的感受，帮助其他用户参考"
          aria-invalid={tooLong}
          aria-describedby="evaluate-counter"
          onChange={(e) => setContent(e.target.value)}
        />
        <p id="evaluate-counter" className={`evaluate__counter${tooLong ? ' evaluate__counter--over' : ''}`}>
          {length}/{EVALUATION_CONTENT_MAX}
        </p>
        {contentError && (
          <p className="evaluate__error" role="alert">
            {contentError}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="app-button app-button--primary app-button--block"
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? '提交中…' : '提交评价'}
      </button>
    </form>
  );
}
