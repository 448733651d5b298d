import { useEffect, useRef, useState } from 'react';
import ImageUploader, { type ImageUploaderRef } from 'antd-mobile/es/components/image-uploader';
import { CameraOutline } from 'antd-mobile-icons';
import type { UploadItem } from '@contract/types';
import { updateHead } from '@/api/user';
import { showToast } from '@/lib/toast';
import { userInfoReplaced, useUserStore } from '@/stores/user';
import { NETWORK_ERROR_TEXT } from '@/api/client';
import { ImageResizeError, resizeImage, type ImageTools } from './resize-image';
import { UserAvatar } from './user-avatar';

export interface AvatarPickerProps {
  /** Edge in px at the 375-wide design. */
  size?: number;
  /** Injected in tests; the browser's canvas otherwise. */
  tools?: ImageTools;
}

const createObjectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined);

/** ImageUploader's own upload never runs: beforeUpload hands the file to our flow below. */
const unusedUpload = () => Promise.reject(new Error('handled in beforeUpload'));

/**
 * Tap the avatar to change it (DESIGN §4 "Personal centre"): antd-mobile's ImageUploader picks
 * the file (accept image/*); it is resized to ≤ 512 px and re-encoded as JPEG in the browser,
 * then sent with updateHead. The upload item follows SPEC §3: status '' / uploading / failed,
 * message, objectUrl (preview), content (the data URL sent), url (the stored avatar). A failed
 * upload keeps the picked file and offers 重试.
 */
export function AvatarPicker({ size = 64, tools }: AvatarPickerProps) {
  const userInfo = useUserStore((s) => s.userInfo);
  const [item, setItem] = useState<UploadItem | null>(null);
  const uploaderRef = useRef<ImageUploaderRef>(null);

  // ImageUploader gives its hidden input no name; give it one so the picker is announced.
  useEffect(() => {
    uploaderRef.current?.nativeElement?.setAttribute('aria-label', '更换头像');
  });

  // The preview's object URL lives as long as the item shows it.
  const objectUrl = item?.objectUrl;
  useEffect(() => () => {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);

  const upload = async (file: File, previous?: UploadItem) => {
    let current: UploadItem = {
      file,
      status: 'uploading',
      message: '上传中',
      objectUrl: previous?.objectUrl ?? createObjectUrl(file),
      content: previous?.content,
    };
    setItem(current);
    try {
      // A retry reuses the resized picture: only the sending failed.
      const content = current.content ?? (await resizeImage(file, { tools })).dataUrl;
      current = { ...current, content };
      setItem(current);
      const envelope = await updateHead(content);
      if (envelope.code !== 200) {
        setItem({ ...current, status: 'failed', message: envelope.desc || '上传失败，请重试' });
        return;
      }
      const latest = useUserStore.getState().userInfo;
      if (latest) userInfoReplaced({ ...latest, headUrl: envelope.obj.headUrl });
      setItem({ ...current, status: '', message: '', url: envelope.obj.headUrl });
      void showToast('头像已更新');
    } catch (error) {
      // A picture we cannot use must be picked again (no content kept); a network failure can be retried.
      const message = error instanceof ImageResizeError ? error.message : NETWORK_ERROR_TEXT;
      setItem({ ...current, status: 'failed', message });
    }
  };

  if (!userInfo) return null;
  const busy = item?.status === 'uploading';
  const failed = item?.status === 'failed';
  const shown = busy || failed ? (item?.objectUrl ?? userInfo.headUrl) : userInfo.headUrl;

  return (
    <div className="avatar-picker">
      <ImageUploader
        ref={uploaderRef}
        className="avatar-picker__uploader"
        accept="image/*"
        maxCount={1}
        value={[]}
        showFailed={false}
        disableUpload={busy}
        upload={unusedUpload}
        beforeUpload={(file) => {
          void upload(file);
          return null;
        }}
      >
        <span className="avatar-picker__face">
          <UserAvatar url={shown} name={userInfo.nickname} size={size} />
          {busy && <span className="avatar-picker__state">上传中</span>}
          {failed && <span className="avatar-picker__state avatar-picker__state--failed">失败</span>}
          {!busy && !failed && (
            <span className="avatar-picker__camera" aria-hidden="true">
              <CameraOutline />
            </span>
          )}
        </span>
      </ImageUploader>
      {failed && (
        <div className="avatar-picker__failure" role="alert">
          <span>头像上传失败：{item?.message}</span>
          {item?.file && item.content && (
            <button type="button" className="avatar-picker__retry" onClick={() => void upload(item.file!, item)}>
              重试
            </button>
          )}
        </div>
      )}
    </div>
  );
}
