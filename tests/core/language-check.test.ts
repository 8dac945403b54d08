import { describe, expect, it } from 'vitest'
import { foreignSentences, loggedEmails, zonePlaces } from '../../e2e/language-check.ts'

/** The e2e journeys' check for words in the other language must catch what it is there for. */
describe('foreignSentences', () => {
  it('finds an English phrase in Japanese text, even inside a Japanese sentence', () => {
    expect(
      foreignSentences('受講登録に失敗しました：No seats left in this session', 'jp-JP', []),
    ).toEqual(['受講登録に失敗しました：No seats left in this session'])
    expect(foreignSentences('保存しました。\nNetwork Error', 'jp-JP', [])).toEqual([
      'Network Error',
    ])
  })

  it('finds a text of one English word among Japanese ones, and a phrase a name only borders', () => {
    expect(foreignSentences('Required', 'jp-JP', [])).toEqual(['Required'])
    // One Latin word inside a Japanese sentence is a name (a brand, a product), not English.
    expect(foreignSentences('Stripe で支払う', 'jp-JP', [])).toEqual([])
    expect(foreignSentences('Centered text here', 'jp-JP', ['Center'])).toEqual([
      'Centered text here',
    ])
    expect(foreignSentences('Conflict', 'jp-JP', ['Con'])).toEqual(['Conflict'])
  })

  it('lets Japanese text keep names, brands, links, addresses and single Latin words', () => {
    expect(
      foreignSentences(
        '「Kitchen Chemistry」を PayPal で支払いました。Google Meet の URL: https://meet.google.com/abc-defg-hij、連絡先 tom@manabi.example、$12.00、UTC+09、取引ID: CAPTURE80ED5F4EE6',
        'jp-JP',
        ['Kitchen Chemistry', 'PayPal', 'Google Meet'],
      ),
    ).toEqual([])
  })

  it('finds any Japanese character in English text, full-width forms included', () => {
    expect(
      foreignSentences('Saved. Your seat is released.\n席が解放されました', 'en-US', []),
    ).toEqual(['席が解放されました'])
    expect(foreignSentences('Pay now（test）', 'en-US', [])).toEqual(['Pay now（test）'])
    expect(
      foreignSentences('Review “数学オリンピック入門”', 'en-US', ['数学オリンピック入門']),
    ).toEqual([])
  })

  it('leaves a text of the right language alone', () => {
    expect(foreignSentences('You have unenrolled. Refunded in full!', 'en-US', [])).toEqual([])
    expect(foreignSentences('受講を取り消しました。全額返金されます。', 'jp-JP', [])).toEqual([])
  })
})

describe('zonePlaces', () => {
  it('names the places of the zone database, spaces for underscores', () => {
    const places = zonePlaces()
    expect(places).toEqual(expect.arrayContaining(['Los Angeles', 'North Dakota', 'New Salem']))
    expect(
      foreignSentences('UTC-06:00 米国中部標準時 (North Dakota / New Salem)', 'jp-JP', places),
    ).toEqual([])
  })
})

describe('loggedEmails', () => {
  it('reads the e-mails to the given addresses from the JSON log, without the log’s prefix', () => {
    const log = [
      'not json',
      JSON.stringify({ to: 'a@example.com', subject: 'まなび', msg: 'E-mail kept:\n本文' }),
      JSON.stringify({ to: 'b@example.com', subject: 'Other', msg: 'x\ny' }),
      JSON.stringify({ to: 'a@example.com', msg: 'no subject' }),
      '{broken',
    ].join('\n')
    expect(loggedEmails(log, ['a@example.com'])).toEqual([
      { to: 'a@example.com', subject: 'まなび', text: '本文' },
    ])
  })
})
