import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';

export interface ShareQrCodeProps {
  /** The URL the code encodes. */
  value: string;
  /** Edge in px at the 375-wide design. */
  size?: number;
}

/**
 * Draws the SVG onto a canvas and returns a PNG data URL, or null where no canvas exists.
 * WeChat's long-press menu (save, recognise) works on <img> elements, not on inline SVG.
 */
async function svgToPng(svg: SVGSVGElement, edge: number): Promise<string | null> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  const markup = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  canvas.width = edge;
  canvas.height = edge;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, edge, edge);
  context.drawImage(image, 0, 0, edge, edge);
  return canvas.toDataURL('image/png');
}

/**
 * The agent's QR code (qrcode.react): an SVG, then, once drawn, the same picture as a PNG
 * <img> on top of it so that a long press in WeChat offers to save or recognise it.
 */
export function ShareQrCode({ value, size = 200 }: ShareQrCodeProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [png, setPng] = useState<string | null>(null);
  const rem = `${size / 37.5}rem`;

  useEffect(() => {
    let live = true;
    setPng(null);
    if (svgRef.current) {
      // Three times the CSS size, sharp on 3x screens.
      svgToPng(svgRef.current, size * 3)
        .then((url) => live && setPng(url))
        .catch(() => undefined); // the SVG stays visible and scannable
    }
    return () => {
      live = false;
    };
  }, [value, size]);

  return (
    <div className="share-qr" style={{ width: rem, height: rem }}>
      <QRCodeSVG
        ref={svgRef}
        value={value}
        size={size}
        level="M"
        marginSize={2}
        title="推广二维码"
        style={{ width: rem, height: rem }}
        data-testid="share-qr"
      />
      {png && <img className="share-qr__image" src={png} alt="推广二维码" width={size} height={size} />}
    </div>
  );
}
