import { RouteHeading } from '@/components/route-heading';
import { AvatarPicker } from './avatar-picker';
import { MineHeader } from './mine-header';
import { PersonalCentre } from './personal-centre';
import './mine.css';

/**
 * /mine: the personal centre (docs/product.md §2, docs/product.md §4.7): avatar (tap to change), nickname, masked
 * phone, counts, the menu. Not kept alive, so the counts reload on each visit. The counts are
 * asked once the header has painted; their row keeps its size meanwhile (decision 0031).
 */
export default function MinePage() {
  return (
    <PersonalCentre home="/index" sharePath="/my/share" afterPaint>
      {({ userInfo, phone, counts, menu }) => (
        <div className="mine">
          <RouteHeading />
          <MineHeader avatar={<AvatarPicker size={64} />} nickname={userInfo.nickname} phone={phone} />
          <div className="mine__body">
            {counts}
            {menu}
          </div>
        </div>
      )}
    </PersonalCentre>
  );
}
