import { describe, expect, it } from 'vitest';
import { berToDer } from '../../src/server/pdf/der';

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');

describe('berToDer', () => {
  it('gives DER back byte for byte, without the zeros that pad a /Contents', () => {
    const der = hex('30 06 02 01 05 04 01 aa');
    expect(berToDer(Buffer.concat([der, Buffer.alloc(16)]))).toEqual(der);
  });

  it('writes indefinite lengths as definite ones, nested, and long ones in several bytes', () => {
    // SEQUENCE (indefinite) { [0] (indefinite) { INTEGER 5 }, OCTET STRING of 200 bytes }
    const long = Buffer.alloc(200, 7);
    const ber = Buffer.concat([hex('30 80 a0 80 02 01 05 00 00 04 81 c8'), long, hex('00 00')]);
    const inner = Buffer.concat([hex('a0 03 02 01 05 04 81 c8'), long]);
    expect(berToDer(ber)).toEqual(Buffer.concat([hex('30 81'), Buffer.from([inner.length]), inner]));
  });

  it('refuses what is not one element: data after it, no end, too deep', () => {
    expect(() => berToDer(hex('02 01 05 01'))).toThrow('Data after the element');
    expect(() => berToDer(hex('30 80 02 01 05'))).toThrow();
    expect(() => berToDer(Buffer.concat([Buffer.alloc(200, 0).fill(hex('30 80'), 0, 200)]))).toThrow(
      'BER nested too deeply',
    );
  });

  it('reads a definite element holding indefinite ones, and an empty one', () => {
    // SEQUENCE (7 bytes) { SET (indefinite) { NULL }, SEQUENCE {} }
    expect(berToDer(hex('30 08 31 80 05 00 00 00 30 00'))).toEqual(hex('30 06 31 02 05 00 30 00'));
    expect(() => berToDer(hex('30 03 04 05 aa'))).toThrow('runs past its container');
  });

  it('re-encodes a megabyte of tiny elements in one pass (a hostile signature in every upload)', () => {
    const count = 500_000;
    const inner = Buffer.alloc(count * 2);
    for (let at = 0; at < count; at++) inner[at * 2] = 0x04;
    const der = berToDer(Buffer.concat([hex('30 80'), inner, hex('00 00')]));
    expect(der.subarray(0, 5)).toEqual(hex('30 83 0f 42 40'));
    expect(der.subarray(5)).toEqual(inner);
  });
});
