import { agreementAccepted, agreementChecked, agreementReset, useAgreementStore } from './agreement';

const versions = { userAgreementVersion: 'u2', thirdPartyListVersion: 't3' };

describe('agreement store', () => {
  it('starts unasked, with nothing pending', () => {
    expect(useAgreementStore.getState()).toEqual({ pending: null, checked: false });
  });

  it('keeps the versions to accept while the user has not agreed', () => {
    agreementChecked({ agreed: false, ...versions });
    expect(useAgreementStore.getState()).toEqual({ pending: versions, checked: true });
  });

  it('has nothing pending once the gateway says the user agreed', () => {
    agreementChecked({ agreed: true, ...versions });
    expect(useAgreementStore.getState()).toEqual({ pending: null, checked: true });
  });

  it('closes the sheet on acceptance and forgets everything on reset', () => {
    agreementChecked({ agreed: false, ...versions });
    agreementAccepted();
    expect(useAgreementStore.getState()).toEqual({ pending: null, checked: true });
    agreementReset();
    expect(useAgreementStore.getState()).toEqual({ pending: null, checked: false });
  });
});
