import { ImageUploader, type ImageUploaderRef } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ApiError } from '@/api/api-error';
import { NETWORK_ERROR_TEXT } from '@/api/client';
import { updateHead } from '@/api/user';
import { showToast } from '@/lib/toast';
import { userInfoReplaced, useUserStore } from '@/stores/user';
import type { UploadItem } from '@contract/types';
import { AvatarCropper } from './avatar-cropper';
import type { SourceRect } from './crop-geometry';
import {
  browserImageTools,
  type DecodedImage,
  decodeImage,
  encodeImage,
  ImageResizeError,
  type ImageTools,
} from './resize-image';
import { UserAvatar } from './user-avatar';

export interface AvatarPickerProps {
  /** Edge in px at the 375-wide design. */
  size?: number;
  /** Injected in tests; the browser's canvas otherwise. */
  tools?: ImageTools;
}

const createObjectUrl = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;

/** ImageUploader's own upload never runs: beforeUpload hands the file to our flow below. */
const unusedUpload = () => Promise.reject(new Error('handled in beforeUpload'));

/** A picked picture on the crop screen. */
interface Picked {
  file: File;
  decoded: DecodedImage;
  objectUrl?: string;
}

/**
 * Tap the avatar to change it (docs/product.md §4.7: pick, crop/resize, updateHead):
 * antd-mobile's ImageUploader picks the file (accept image/*); the customer places a square of
 * it on the crop screen; that square is drawn at ≤ 512 px as JPEG in the browser, then sent with
 * updateHead. The upload item follows docs/product.md §3: status '' / uploading / failed, message,
 * objectUrl (preview), content (the data URL sent), url (the stored avatar). A failed upload
 * keeps the cropped picture and offers 重试.
 */
export function AvatarPicker({ size = 64, tools = browserImageTools }: AvatarPickerProps) {
  const userInfo = useUserStore((s) => s.userInfo);
  const [item, setItem] = useState<UploadItem | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const uploaderRef = useRef<ImageUploaderRef>(null);

  // The decoded picture lives as long as the crop screen shows it.
  useEffect(() => () => picked?.decoded.release?.(), [picked]);

  // ImageUploader gives its hidden input no name; give it one so the picker is announced.
  useEffect(() => {
    uploaderRef.current?.nativeElement?.setAttribute('aria-label', '更换头像');
  });

  // The preview's object URL lives as long as the item shows it.
  const objectUrl = item?.objectUrl;
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );

  const pick = async (file: File) => {
    try {
      const decoded = await decodeImage(file, tools);
      setItem(null);
      setPicked({ file, decoded, objectUrl: createObjectUrl(file) });
    } catch (error) {
      // A picture we cannot use must be picked again: no content kept, no 重试.
      const message = error instanceof ImageResizeError ? error.message : '图片无法读取，请换一张';
      setItem({ file, status: 'failed', message });
    }
  };

  const cancelCrop = () => {
    if (picked?.objectUrl) URL.revokeObjectURL(picked.objectUrl);
    setPicked(null);
  };

  const confirmCrop = (crop: SourceRect) => {
    if (!picked) return;
    const { file, decoded, objectUrl } = picked;
    setPicked(null);
    try {
      void upload({ file, objectUrl, content: encodeImage(decoded, { crop, tools }).dataUrl });
    } catch (error) {
      const message = error instanceof ImageResizeError ? error.message : '图片处理失败，请换一张';
      setItem({ file, objectUrl, status: 'failed', message });
    }
  };

  /** Sends the cropped picture; a retry sends the same one again: only the sending failed. */
  const upload = async ({ file, objectUrl, content }: Pick<UploadItem, 'file' | 'objectUrl' | 'content'>) => {
    if (!content) return;
    const current: UploadItem = { file, status: 'uploading', message: '上传中', objectUrl, content };
    setItem(current);
    try {
      const { headUrl } = await updateHead(content);
      const latest = useUserStore.getState().userInfo;
      if (latest) userInfoReplaced({ ...latest, headUrl });
      setItem({ ...current, status: '', message: '', url: headUrl });
      void showToast('头像已更新');
    } catch (error) {
      const message = error instanceof ApiError ? error.desc || '上传失败，请重试' : NETWORK_ERROR_TEXT;
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
        disableUpload={busy || Boolean(picked)}
        upload={unusedUpload}
        beforeUpload={(file) => {
          void pick(file);
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
            <button type="button" className="avatar-picker__retry" onClick={() => void upload(item)}>
              重试
            </button>
          )}
        </div>
      )}
      {picked &&
        createPortal(
          <AvatarCropper image={picked.decoded} src={picked.objectUrl} onConfirm={confirmCrop} onCancel={cancelCrop} />,
          document.body,
        )}
    </div>
  );
}
