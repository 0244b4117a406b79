import type { FieldSection } from './setting-fields';
import { choice, toggle, whole } from './setting-fields';
import { clampRdlAddress, isRdlAddressNotApplicable } from './tacho';

export const RDL_ADDRESS_SETTING = 'TachoRDLAdress';

/** Tacho settings of spec 01 §3 (reading A's Tacho settings tab). */
export const TACHO_SECTIONS: FieldSection[] = [
  {
    title: 'Tachograph',
    fields: [
      choice('TachoType', 'Tacho type'),
      {
        ...whole(RDL_ADDRESS_SETTING, 'Tacho RDL address'),
        onBlurValue: clampRdlAddress,
        notApplicable: isRdlAddressNotApplicable,
      },
      toggle('TachoLiveEnabled', 'TachoLive'),
      toggle('TachoRDLEnabled', 'Tacho RDL'),
    ],
  },
  {
    title: 'Real-time data (RT)',
    fields: [
      whole('RTStandbyInterval', 'RT standby interval'),
      whole('RTDatatimeInterval', 'RT data time interval'),
      whole('RTDatadistanceInterval', 'RT data distance interval'),
    ],
  },
  {
    title: 'Remote download (RC)',
    fields: [
      whole('RCDateTimeInterval', 'RC data time interval'),
      whole('RCDataDistanceInterval', 'RC data distance interval'),
      whole('RCDataTriggerMask', 'RC data trigger mask'),
    ],
  },
  {
    title: 'Trip data (TD)',
    fields: [
      whole('TDDataTimeInterval', 'TD data time interval'),
      whole('TDDataDistanceInterval', 'TD data distance interval'),
      whole('TDDataTriggerMask', 'TD data trigger mask'),
    ],
  },
  {
    title: 'Reserved',
    fields: [whole('FutureInt1', 'FutureInt1'), whole('FutureInt2', 'FutureInt2')],
  },
];
