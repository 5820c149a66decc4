// The leads of bench/inbox-bench.ts: N of them written by Postgres itself (generate_series, one
// statement per batch), shaped like three years of a real inbox, because the plans and timings
// of the inbox depend on the data's shape, not only its size:
// - rows arrive in time order with gen_random_uuid() ids, as the service writes them, and more
//   of them lately (a business that grows), so the heap follows created_at as in production;
// - names, companies, roles and messages in ten languages (Latin with accents, Greek, Cyrillic,
//   Arabic, Chinese, Japanese, English), messages of 50 to 2,000 characters (log-uniform, as
//   people write a line or a page), 1% without one, so the search index holds realistic words;
// - 10% accessibility feedback (the contract's subject line), 3% spam (a trap's reason);
// - statuses as teams work: old leads mostly done, recent ones new; read markers on most old
//   leads; a status history for each step taken; email notifications (and webhooks for the last
//   15 months) mostly sent, some failed, the newest pending; five operators owning 60% of the
//   open leads, the first one's read markers, first responses;
// - RARE_WORD in about 300 messages, so a selective search has results.
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { ACCESSIBILITY_PREFIX } from '../src/leads/lead-kind.js';

export const RARE_WORD = 'xylograph';
const BATCH = 100_000;
const SEEDED_TABLES = ['contact_submissions', 'notifications', 'lead_status_changes', 'lead_reads'];
const SEED_CONNECTIONS = Math.max(1, Math.min(4, availableParallelism()));
const YEARS = 3;

/**
 * Three lines per locale, lists split on '|' and ' / ': its code, share of leads and how it writes
 * names, then given / family names ("shown=ascii" where an address cannot fold the name); company
 * names / legal forms / roles / mail hosts / greetings / sign-offs; sentences of contact requests /
 * of accessibility feedback.
 */
const VOCABULARY = `
en 42: James|Mary|John|Patricia|Robert|Jennifer|Michael|Linda|David|Elizabeth|William|Susan|Thomas|Sarah|Emily|Oliver|Amelia|Jack|Olivia|Harry|Grace|Noah|Chloe|Daniel|Hannah|Ada|Alan|Ruth / Smith|Johnson|Williams|Brown|Jones|Miller|Davis|Wilson|Taylor|Clark|Lewis|Walker|Hall|Young|King|Wright|Scott|Green|Baker|Adams|Campbell|Mitchell|Roberts|Carter|Evans|Turner|Lovelace|O'Brien|Murphy|Patel
Northbridge|Bluewater|Summit Ridge|Oakhaven|Silverline|Redstone|Granite Peak|Harborview|Ironwood|Clearwater|Brightfield|Westmoor|Kestrel|Lakeshore|Pinecrest|Sterling / Capital|Partners|Holdings|Advisory|Group|Ventures|Logistics|Health|Labs|Ltd|LLP|Inc. / Managing Director|Head of M&A|Chief Financial Officer|Partner|Associate|VP Corporate Development|Investment Analyst|Chief of Staff|Operations Manager|Founder & CEO|Head of Strategy|Finance Director|Web Accessibility Lead|Procurement Manager / gmail.com|outlook.com|yahoo.com|northbridge.com|bluewater.co.uk|summitridge.io|kestrel-partners.com|proton.me / Hello,|Hi there,|Dear team,|Good morning,|Dear Sir or Madam, / Best regards,|Kind regards,|Thanks,|Many thanks,|Sincerely,
We are looking for an advisor to support the sale of our logistics business in the next twelve months.|Could you share your fee structure and typical timelines for a buy-side mandate?|Our board would like a second opinion on the valuation we received last quarter.|We have around 40 employees and revenues of roughly 12 million, growing 20% a year.|A colleague at a partner firm recommended your team for cross-border transactions.|Please let me know when you have thirty minutes for an introductory call next week.|We are exploring a management buyout and need help structuring the financing.|The founders are considering a partial exit while keeping a minority stake.|Is it possible to arrange a meeting in London or Frankfurt in early spring?|We would also appreciate an overview of comparable transactions in our sector.|Our current lender has asked for an independent review of the business plan.|I am writing on behalf of a family office that invests in healthcare services.|We need a data room set up and a vendor due diligence report before the summer.|Please treat this enquiry as confidential; the team is not yet informed. / The contact form does not announce errors to my screen reader (NVDA with Firefox).|I cannot reach the submit button using only the keyboard on the mobile layout.|The text in the footer has low contrast against the dark background.|When I zoom the page to 200%, the navigation menu overlaps the main content.|Images in the case studies section have no alternative text.|The focus indicator disappears on the links in the header after the page loads.|Videos on the about page play without captions or a way to pause them.|The PDF annual report is not tagged, so VoiceOver reads it in the wrong order.
fr 8: François|Hélène|Émile|Anaïs|Raphaël|Noémie|Zoë|Agnès|Théo|Chloé|Léa|Jérôme|Céline|Maël|Inès|Benoît / Lefèvre|Dubois|Moreau|Laurent|Girard|Rousseau|Mercier|Fontaine|Chevalier|Bénard|Lemaître|Faure|Boucher|Durand|Gauthier
Étoile|Lumière|Bellevue|Rivière|Côte d’Azur|Mont-Blanc|Provençale / SA|SAS|Conseil|Finance|Participations|& Associés / Directeur financier|Directrice générale|Responsable des acquisitions|Associé|Chargée d’affaires|Président|Analyste / orange.fr|free.fr|laposte.net|gmail.com|etoile-finance.fr|bellevue.fr / Bonjour,|Madame, Monsieur,|Bonjour à toute l’équipe, / Cordialement,|Bien à vous,|Merci d’avance,
Nous envisageons la cession de notre société familiale dans les deux prochaines années.|Pourriez-vous nous indiquer vos honoraires et le calendrier habituel d’une opération ?|Notre conseil d’administration souhaite un deuxième avis sur la valorisation reçue.|Nous réalisons un chiffre d’affaires d’environ 15 millions d’euros avec 60 salariés.|Un partenaire à Genève nous a recommandé votre équipe pour les opérations transfrontalières.|Seriez-vous disponible pour un premier échange téléphonique la semaine prochaine ?|Les fondateurs réfléchissent à une sortie partielle tout en conservant une part minoritaire.|Merci de traiter cette demande de manière confidentielle. / Le formulaire de contact n’est pas utilisable au clavier sur mobile.|Le contraste du texte gris sur fond blanc est trop faible pour moi.|Mon lecteur d’écran ne lit pas les messages d’erreur du formulaire.
de 8: Jürgen|Jörg|Björn|Günther|Käthe|Uwe|Maria|Stefan|Sabine|Matthias|Anna|Lukas|Sören|Hannelore|Felix|Annika / Müller|Schröder|Schäfer|Weiß=weiss|Groß=gross|Köhler|Meyer|Hoffmann|Krüger|Becker|Wagner|Fischer|Jäger|Böhm|Schmitz|Lang
Rheinland|Alpen|Nordsee|Bergmann|Elbtal|Isar|Schwarzwald|Hanse|Löwen / GmbH|AG|Holding GmbH|Beteiligungen|& Söhne KG|Consulting GmbH / Geschäftsführer|Geschäftsführerin|Leiter Finanzen|Prokurist|Vorstand|Leiterin M&A|Kaufmännischer Leiter / gmx.de|web.de|t-online.de|gmail.com|alpen-holding.de|hanse-beteiligungen.de / Guten Tag,|Sehr geehrte Damen und Herren,|Hallo zusammen, / Mit freundlichen Grüßen,|Viele Grüße,|Beste Grüße,
Wir planen den Verkauf unseres mittelständischen Maschinenbauunternehmens in den nächsten zwei Jahren.|Könnten Sie uns Ihre Honorarstruktur und den üblichen Zeitplan für eine Transaktion nennen?|Unser Beirat wünscht eine zweite Meinung zur Unternehmensbewertung aus dem letzten Quartal.|Wir erzielen einen Umsatz von rund 25 Millionen Euro und beschäftigen 120 Mitarbeiter.|Ein Geschäftspartner aus Zürich hat uns Ihr Team für grenzüberschreitende Transaktionen empfohlen.|Hätten Sie nächste Woche Zeit für ein kurzes Kennenlerngespräch?|Die Gründer denken über eine Nachfolgeregelung innerhalb der Familie nach.|Bitte behandeln Sie diese Anfrage vertraulich. / Das Kontaktformular lässt sich mit der Tastatur nicht vollständig bedienen.|Bei 200 % Vergrößerung überlappt das Menü den Inhalt der Seite.|Die Fehlermeldungen werden von meinem Screenreader nicht vorgelesen.
es 8: María|José|Lucía|Álvaro|Sofía|Martín|Núria|Andrés|Inés|Joaquín|Begoña|Raúl|Ramón|Elena|Iñaki|Marta / García|Fernández|Núñez|Sánchez|Jiménez|Peña|Muñoz|Pérez|Gómez|Martínez|Rodríguez|Álvarez|Ibáñez|Castaño|Ortega|Ruiz
Ibérica|Levante|Cantábrico|Andaluza|Castilla|Peñalara|Atlántico / S.A.|S.L.|Inversiones|Capital|Asesores / Director financiero|Directora general|Socio|Responsable de fusiones y adquisiciones|Consejero delegado|Analista de inversiones / gmail.com|hotmail.es|telefonica.net|iberica-inversiones.es|levante-capital.es / Hola,|Buenos días,|Estimados señores: / Saludos cordiales,|Un saludo,|Atentamente,
Estamos valorando la venta de nuestra empresa familiar de distribución en los próximos dos años.|¿Podrían indicarnos sus honorarios y los plazos habituales de una operación de compra?|Nuestro consejo quiere una segunda opinión sobre la valoración recibida el último trimestre.|Facturamos unos 18 millones de euros y tenemos 75 empleados en España y Portugal.|Un socio en Lisboa nos recomendó a su equipo para operaciones internacionales.|¿Tendrían disponibilidad para una llamada de presentación la próxima semana?|Los fundadores se plantean una salida parcial manteniendo una participación minoritaria.|Les ruego que traten esta consulta con total confidencialidad. / El formulario de contacto no se puede usar solo con el teclado.|El contraste del texto gris claro es demasiado bajo para leerlo.|Mi lector de pantalla no anuncia los mensajes de error.
pl 3: Łukasz=lukasz|Małgorzata=malgorzata|Paweł=pawel|Agnieszka|Michał=michal|Katarzyna|Wojciech|Zofia / Kowalczyk|Wałęsa=walesa|Wiśniewski|Zieliński|Dąbrowska|Lewandowski|Szymańska|Woźniak
Wisła=wisla|Mazowsze|Bałtyk|Tatry|Odra / Sp. z o.o.|S.A.|Inwestycje|Doradztwo / Prezes Zarządu|Dyrektor Finansowy|Wspólnik|Analityk Inwestycyjny|Kierownik ds. Przejęć / wp.pl|onet.pl|gmail.com|o2.pl|wisla-inwestycje.pl / Dzień dobry,|Szanowni Państwo, / Z poważaniem,|Pozdrawiam serdecznie,
Rozważamy sprzedaż naszej rodzinnej firmy w ciągu najbliższych dwóch lat.|Czy mogliby Państwo przesłać informacje o wynagrodzeniu i typowym harmonogramie transakcji?|Zarząd chciałby uzyskać niezależną opinię na temat wyceny spółki.|Nasze przychody wynoszą około 40 milionów złotych, zatrudniamy 70 osób.|Partner z Pragi polecił nam Państwa zespół. / Formularza kontaktowego nie da się obsłużyć wyłącznie klawiaturą.|Czytnik ekranu nie odczytuje komunikatów o błędach.
el 5: Ελένη=eleni|Γιώργος=giorgos|Δημήτρης=dimitris|Μαρία=maria|Νίκος=nikos|Κατερίνα=katerina|Σοφία=sofia|Αλέξανδρος=alexandros|Ιωάννα=ioanna|Παναγιώτης=panagiotis / Παπαδόπουλος=papadopoulos|Γεωργίου=georgiou|Οικονόμου=oikonomou|Νικολάου=nikolaou|Καραγιάννης=karagiannis|Βασιλείου=vasileiou|Αθανασίου=athanasiou|Ιωάννου=ioannou
Αιγαίο|Όλυμπος|Ερμής|Αθηναϊκή|Κρήτη|Πήγασος / Α.Ε.|Συμβουλευτική|Επενδύσεις|Holdings / Διευθύνων Σύμβουλος|Οικονομικός Διευθυντής|Εταίρος|Υπεύθυνη Εξαγορών|Αναλυτής Επενδύσεων|Managing Director / gmail.com|otenet.gr|yahoo.gr|aigaio-invest.gr / Καλημέρα σας,|Αγαπητή ομάδα,|Γεια σας, / Με εκτίμηση,|Ευχαριστώ,|Φιλικά,
Εξετάζουμε την πώληση της οικογενειακής μας επιχείρησης μέσα στα επόμενα δύο χρόνια.|Θα μπορούσατε να μας ενημερώσετε για την αμοιβή σας και το χρονοδιάγραμμα μιας συναλλαγής;|Το διοικητικό συμβούλιο θα ήθελε μια δεύτερη γνώμη για την αποτίμηση της εταιρείας.|Έχουμε περίπου 50 εργαζόμενους και κύκλο εργασιών 9 εκατομμυρίων ευρώ.|Ένας συνεργάτης στη Θεσσαλονίκη μας πρότεινε την ομάδα σας.|Θα ήσασταν διαθέσιμοι για μια σύντομη τηλεφωνική συνάντηση την επόμενη εβδομάδα; / Η φόρμα επικοινωνίας δεν λειτουργεί μόνο με το πληκτρολόγιο.|Το πρόγραμμα ανάγνωσης οθόνης δεν διαβάζει τα μηνύματα σφάλματος.
ru 9: Иван=ivan|Мария=mariya|Ольга=olga|Дмитрий=dmitry|Анна=anna|Сергей=sergey|Наталья=natalya|Пётр=petr|Татьяна=tatiana|Алёна=alena|Андрій=andriy|Олена=olena / Иванов=ivanov|Смирнова=smirnova|Кузнецов=kuznetsov|Попова=popova|Соколов=sokolov|Лебедева=lebedeva|Козлов=kozlov|Новикова=novikova|Шевченко=shevchenko|Коваленко=kovalenko|Фёдоров=fedorov|Морозова=morozova
Северный|Волга|Сибирь|Днепр|Балтика|Урал / Капитал|Инвест|Групп|Консалтинг|Холдинг / Генеральный директор|Финансовый директор|Партнёр|Руководитель отдела M&A|Инвестиционный аналитик|Managing Director / yandex.ru|mail.ru|gmail.com|ukr.net|volga-invest.ru / Здравствуйте!|Добрый день,|Уважаемые коллеги, / С уважением,|Спасибо,|Всего доброго,
Мы рассматриваем продажу нашей компании в течение следующих двух лет.|Не могли бы вы сообщить ваши условия и обычные сроки сделки?|Совет директоров хотел бы получить независимую оценку бизнеса.|Наша выручка составляет около 20 миллионов евро, у нас 90 сотрудников.|Партнёр из Варшавы порекомендовал нам вашу команду для международных сделок.|Будете ли вы свободны для короткого звонка на следующей неделе?|Просим рассматривать этот запрос как конфиденциальный. / Форму обратной связи невозможно заполнить только с клавиатуры.|Программа экранного доступа не озвучивает сообщения об ошибках.
ar 6: محمد=mohammed|فاطمة=fatima|أحمد=ahmed|مريم=maryam|علي=ali|نور=nour|يوسف=youssef|سارة=sara|عمر=omar|ليلى=layla / الحسن=alhassan|العلي=alali|منصور=mansour|حداد=haddad|خوري=khoury|السيد=elsayed|عبدالله=abdullah|الخطيب=alkhatib
الخليج|النخبة|الأفق|الواحة|المستقبل|الرياض / للاستثمار|القابضة|للاستشارات|كابيتال / المدير التنفيذي|المدير المالي|شريك|مدير تطوير الأعمال|محلل استثمار|Managing Director / gmail.com|hotmail.com|gulf-invest.ae|outlook.sa / مرحباً،|السلام عليكم،|تحية طيبة، / مع خالص التحية،|شكراً لكم،|مع التقدير،
نحن ندرس بيع حصة في شركتنا العائلية خلال العامين المقبلين.|هل يمكنكم إرسال هيكل الأتعاب والجدول الزمني المعتاد للصفقة؟|يرغب مجلس الإدارة في الحصول على رأي ثانٍ حول تقييم الشركة.|تبلغ إيراداتنا نحو 30 مليون دولار ولدينا 150 موظفاً.|أوصى بكم أحد شركائنا في دبي للصفقات العابرة للحدود.|هل أنتم متاحون لمكالمة تعريفية قصيرة الأسبوع المقبل؟ / لا يمكن استخدام نموذج الاتصال بلوحة المفاتيح فقط.|قارئ الشاشة لا يقرأ رسائل الخطأ في النموذج.
zh 6 family-first no-space: 伟=wei|芳=fang|娜=na|秀英=xiuying|敏=min|静=jing|磊=lei|洋=yang|婷=ting|强=qiang / 王=wang|李=li|张=zhang|刘=liu|陈=chen|杨=yang|黄=huang|赵=zhao
华信|东方|长江|恒通|海天|中科 / 集团|投资有限公司|资本|咨询有限公司 / 总经理|财务总监|合伙人|投资经理|董事长|Managing Director / qq.com|163.com|gmail.com|huaxin-capital.cn / 您好，|尊敬的团队： / 此致敬礼，|谢谢！|祝好，
我们正在考虑在未来两年内出售公司的部分股权。|请问贵公司的收费标准和交易的一般时间安排是怎样的？|董事会希望就公司估值获得独立的第二意见。|我们的年收入约为一亿元人民币，员工一百二十人。|我们在新加坡的合作伙伴向我们推荐了贵团队。|下周是否方便安排一次简短的电话会议？ / 联系表单无法仅使用键盘完成填写。|屏幕阅读器不会朗读表单中的错误提示。
ja 5 family-first: 花子=hanako|一郎=ichiro|美咲=misaki|健太=kenta|陽菜=hina|翔太=shota|さくら=sakura|大輔=daisuke / 佐藤=sato|鈴木=suzuki|高橋=takahashi|田中=tanaka|渡辺=watanabe|伊藤=ito|山本=yamamoto|中村=nakamura
大和|三葉|富士|桜|日本橋|北斗 / 株式会社|ホールディングス|キャピタル|コンサルティング / 代表取締役|財務部長|パートナー|経営企画部長|投資担当|Managing Director / gmail.com|yahoo.co.jp|docomo.ne.jp|yamato-hd.co.jp / お世話になっております。|はじめまして。 / よろしくお願いいたします。|敬具
今後二年以内に当社の事業売却を検討しております。|御社の報酬体系と一般的な取引のスケジュールを教えていただけますか。|取締役会は企業価値評価についてセカンドオピニオンを希望しています。|売上高は約二十億円、従業員は八十名です。|シンガポールの提携先から御社をご紹介いただきました。|来週、短いお打ち合わせのお時間をいただけますでしょうか。 / お問い合わせフォームがキーボードだけでは操作できません。|スクリーンリーダーがエラーメッセージを読み上げません。`;
const SPAM =
  'Boost your website traffic with our premium SEO package, first page ranking guaranteed!|Buy cheap followers and likes at https://spam.example/offer today only.|Congratulations, you have been selected for an exclusive crypto investment opportunity.|We can build your new website for only 99 USD, reply now to claim the discount.|Click here http://bit.example/x to receive your free gift card.'.split(
    '|',
  );

const ascii = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const lists = (line: string) => line.split(' / ').map((list) => list.split('|'));

/** The locales as rows of a temporary table, each with its slice [lo, hi) of [0, 1). */
function localeRows() {
  const lines = VOCABULARY.trim().split('\n');
  const locales = lines.flatMap((line, i) =>
    i % 3 ? [] : [[...line.split(': '), ...lines.slice(i + 1, i + 3)]],
  );
  const share = (head: string) => Number(head.split(' ')[1]);
  const total = locales.reduce((sum, [head]) => sum + share(head!), 0);
  const shown = (names: string[]) => names.map((name) => name.split('=')[0]!);
  const latin = (names: string[]) => names.map((name) => name.split('=')[1] ?? ascii(name));
  const english = lists(locales[0]![3]!)[1]!;
  let lo = 0;
  return locales.map(([head, names, work, texts]) => {
    const [given, family] = lists(names!);
    const [company, suffix, role, host, hello, bye] = lists(work!);
    const [body, a11y] = lists(texts!);
    const row = {
      ...{ lo, hi: lo + share(head!) / total, sep: head!.includes('no-space') ? '' : ' ' },
      family_first: head!.includes('family-first'),
      ...{ given: shown(given!), given_ascii: latin(given!) },
      ...{ family: shown(family!), family_ascii: latin(family!) },
      ...{ company, suffix, role, host, hello, bye, body },
      // Feedback in the site's language too, as much of it is.
      a11y: [...a11y!, ...english],
      avg_len: body!.join('').length / body!.length,
    };
    lo = row.hi;
    return row;
  });
}

/** Whether the lead was opened (by the first operator, the only one who opens leads here). */
const OPENED = `status <> 'new' OR seen < CASE WHEN is_spam OR age < 2 THEN 0.2 WHEN age < 14 THEN 0.5 ELSE 0.9 END`;

const pick = (list: string) => `${list}[1 + floor(random() * cardinality(${list}))::int]`;

/**
 * One batch: leads i = $1…$2 of $3, their notifications and status history. CTEs with random()
 * are MATERIALIZED so that each value is drawn once per row. $4: now, $5: the accessibility
 * subject line, $6: spam texts, $7: every how many leads RARE_WORD is written, $8: the operators'
 * ids (OPERATORS, in order).
 */
const BATCH_SQL = `
WITH g AS MATERIALIZED (
  SELECT i, $4::timestamptz - interval '${YEARS} years'
              + power((i - 1 + random()) / $3, 0.75) * interval '${YEARS} years' AS created_at,
         random() AS locale, random() AS kind, random() AS spam, random() AS step, random() AS seen,
         50 * power(40, random()) AS length
    FROM generate_series($1::int, $2::int) AS i),
p AS MATERIALIZED (
  SELECT g.*, l.*, g.spam < 0.03 AS is_spam, g.spam >= 0.03 AND g.kind < 0.10 AS is_a11y,
         extract(epoch FROM $4::timestamptz - g.created_at) / 86400 AS age,
         1 + floor(random() * cardinality(l.given))::int AS f,
         1 + floor(random() * cardinality(l.family))::int AS n
    FROM g JOIN seed_locale l ON g.locale >= l.lo AND g.locale < l.hi),
s AS MATERIALIZED (
  SELECT p.*, CASE
    WHEN is_spam THEN 'new'
    WHEN is_a11y AND age < 3 THEN CASE WHEN step < 0.7 THEN 'new' WHEN step < 0.95 THEN 'acknowledged' ELSE 'assessed' END
    WHEN is_a11y AND age < 21 THEN CASE WHEN step < 0.1 THEN 'new' WHEN step < 0.35 THEN 'acknowledged' WHEN step < 0.7 THEN 'assessed' ELSE 'resolved' END
    WHEN is_a11y THEN CASE WHEN step < 0.005 THEN 'new' WHEN step < 0.015 THEN 'acknowledged' WHEN step < 0.05 THEN 'assessed' ELSE 'resolved' END
    WHEN age < 2 THEN CASE WHEN step < 0.85 THEN 'new' ELSE 'contacted' END
    WHEN age < 14 THEN CASE WHEN step < 0.35 THEN 'new' WHEN step < 0.75 THEN 'contacted' WHEN step < 0.85 THEN 'qualified' ELSE 'not_a_fit' END
    ELSE CASE WHEN step < 0.02 THEN 'new' WHEN step < 0.1 THEN 'contacted' WHEN step < 0.4 THEN 'qualified' ELSE 'not_a_fit' END
  END AS status, least($4::timestamptz, p.created_at + random() * interval '2 days') AS seen_at,
  random() AS owned, $8::uuid[] AS team FROM p),
leads AS (
  INSERT INTO contact_submissions (kind, name, email, company, role, message, created_at, spam_reason, status, read_at,
                                   owner_id, responded_at, responded_on_time, opened_by,
                                   source, medium, campaign)
  SELECT CASE WHEN is_a11y THEN 'accessibility' ELSE 'contact' END,
         CASE WHEN family_first THEN family[n] || sep || given[f] ELSE given[f] || sep || family[n] END,
         given_ascii[f] || '.' || family_ascii[n] || CASE WHEN random() < 0.3 THEN floor(random() * 100)::text ELSE '' END
           || '@' || ${pick('host')},
         ${pick('company')} || ' ' || ${pick('suffix')}, ${pick('role')},
         CASE WHEN is_spam THEN array_to_string(ARRAY(SELECT ${pick('($6::text[])')} FROM generate_series(0, i % 3)), ' ')
              WHEN NOT is_a11y AND random() < 0.01 THEN NULL
              ELSE CASE WHEN is_a11y THEN $5 ELSE '' END || left(${pick('hello')} || E'\\n\\n'
                || CASE WHEN i % $7 = 0 THEN 'We also run a small ${RARE_WORD} workshop. ' ELSE '' END
                || rtrim(array_to_string(ARRAY(
                     SELECT CASE WHEN is_a11y THEN ${pick('a11y')} ELSE ${pick('body')} END
                            || CASE WHEN random() < 0.15 THEN E'\\n\\n' ELSE ' ' END
                       FROM generate_series(1, greatest(1, round((length - 40) / avg_len)::int))), ''), E' \\n')
                || CASE WHEN random() < 0.3 THEN ' Tel. +' || (10 + floor(random() * 89)) || ' '
                          || lpad(floor(random() * 1e8)::text, 8, '0') ELSE '' END
                || E'\\n\\n' || ${pick('bye')} || E'\\n' || given[f], 2000)
         END,
         created_at,
         CASE WHEN NOT is_spam THEN NULL WHEN step < 0.7 THEN 'trap field contact_me_by_fax_only was ticked'
              WHEN step < 0.9 THEN 'trap field website (of earlier forms) was filled' ELSE 'marked by ops@bench.example' END,
         status,
         CASE WHEN ${OPENED} THEN seen_at END,
         CASE WHEN NOT is_spam AND status IN ('new', 'contacted', 'acknowledged', 'assessed') AND owned < 0.6
              THEN team[1 + floor(owned / 0.6 * cardinality(team))::int] END,
         CASE WHEN status <> 'new' THEN seen_at END,
         CASE WHEN status <> 'new' THEN seen_at - created_at <= CASE WHEN is_a11y THEN interval '2 days' ELSE interval '24 hours' END END,
         CASE WHEN ${OPENED} THEN team[1] END,
         -- What brought them (src/leads/attribution.ts): a few dozen sources and campaigns.
         src.source, src.medium, src.campaign
    FROM s CROSS JOIN LATERAL (SELECT CASE WHEN r < 0.4 THEN '(direct)' WHEN r < 0.55 THEN 'google'
                                           WHEN r < 0.8 THEN 'linkedin' ELSE 'partner-' || floor(r * 40) END AS source,
                                      CASE WHEN r < 0.4 THEN '(none)' WHEN r < 0.55 THEN 'cpc'
                                           WHEN r < 0.8 THEN 'paid' ELSE 'referral' END AS medium,
                                      CASE WHEN r >= 0.4 AND r < 0.8 THEN 'q' || (1 + floor(r * 97)::int % 4) ELSE '' END AS campaign
                                 FROM (SELECT random() + 0 * i AS r) AS roll) AS src
  RETURNING id, created_at, status, read_at, spam_reason IS NOT NULL AS is_spam),
reads AS (
  INSERT INTO lead_reads (user_id, submission_id, at)
  SELECT ($8::uuid[])[1], id, read_at FROM leads WHERE read_at IS NOT NULL),
sends AS MATERIALIZED (
  SELECT leads.id, leads.created_at, c.channel, random() AS r,
         leads.created_at > $4::timestamptz - interval '1 hour' AS newest
    FROM leads CROSS JOIN (VALUES ('email'), ('webhook')) AS c(channel)
   WHERE NOT is_spam AND (c.channel = 'email' OR leads.created_at > $4::timestamptz - interval '15 months')),
notified AS (
  INSERT INTO notifications (submission_id, channel, status, attempts, last_error, created_at, updated_at, sent_at, enqueued_at)
  SELECT id, channel, st, CASE st WHEN 'failed' THEN 5 WHEN 'sent' THEN 1 + (r < 0.05)::int ELSE (NOT newest)::int END,
         CASE WHEN st = 'failed' OR (st = 'pending' AND NOT newest) THEN
           CASE channel WHEN 'email' THEN 'connect ECONNREFUSED 10.0.0.12:587' ELSE 'webhook answered 502' END END,
         created_at, created_at + interval '3 seconds',
         CASE WHEN st = 'sent' THEN created_at + interval '2 seconds' END,
         CASE WHEN NOT (newest AND st = 'pending') THEN created_at + interval '1 second' END
    FROM (SELECT sends.*, CASE WHEN newest AND r < 0.3 OR r < 0.002 THEN 'pending'
                               WHEN r < 0.017 THEN 'failed' ELSE 'sent' END AS st FROM sends) AS x)
INSERT INTO lead_status_changes (submission_id, at, actor, from_status, to_status)
SELECT leads.id, least($4::timestamptz, leads.read_at + (step.n - 1) * interval '2 days'),
       (ARRAY['anna@ops.example', 'ben@ops.example', 'chloe@ops.example'])[1 + floor(random() * 3)::int],
       step.from_status, step.to_status
  FROM leads CROSS JOIN LATERAL unnest(
         (CASE status WHEN 'contacted' THEN '{new}' WHEN 'qualified' THEN '{new,contacted}' WHEN 'not_a_fit' THEN '{new,contacted}'
            WHEN 'acknowledged' THEN '{new}' WHEN 'assessed' THEN '{new,acknowledged}' ELSE '{new,acknowledged,assessed}' END)::text[],
         (CASE status WHEN 'contacted' THEN '{contacted}' WHEN 'qualified' THEN '{contacted,qualified}' WHEN 'not_a_fit' THEN '{contacted,not_a_fit}'
            WHEN 'acknowledged' THEN '{acknowledged}' WHEN 'assessed' THEN '{acknowledged,assessed}' ELSE '{acknowledged,assessed,resolved}' END)::text[])
       WITH ORDINALITY AS step(from_status, to_status, n)
 WHERE leads.status <> 'new'`;

/**
 * The operators of the seeded inbox: 60% of the open leads are theirs, shared among them, and
 * the first (inbox-bench.ts's ACTOR, whose "mine" and "unread" the bench reads) has opened every
 * lead anyone opened.
 */
export const OPERATORS = ['anna', 'ben', 'chloe', 'dev', 'emma'];

/**
 * Writes `count` leads into the (new) database at `url`, then VACUUM and ANALYZE; prints its
 * progress and what it wrote. Answers the moment the leads' ages count from.
 */
export async function seedLeads(url: string, count: number): Promise<Date> {
  console.log(`Seeding ${count.toLocaleString('en')} leads (bench/seed-leads.ts):`);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const now = new Date();
  // A connection per core: each batch is one statement that keeps one Postgres backend busy.
  const clients = Array.from(
    { length: SEED_CONNECTIONS },
    () => new pg.Client({ connectionString: url }),
  );
  const [client] = clients as [pg.Client];
  try {
    for (const each of clients) {
      await each.connect();
      // Synchronous commits, whatever the server's default: VACUUM marks no page all-visible
      // (which lets counts read the index alone) while the commit of its rows is not on disk.
      await each.query(`SET synchronous_commit = on`);
      await each.query(`SET statement_timeout = 0`);
      await each.query(`SET maintenance_work_mem = '256MB'`);
    }
    // Unlogged, not temporary: every connection reads it. Dropped at the end.
    await client.query(`
      CREATE UNLOGGED TABLE seed_locale (lo float8, hi float8, family_first boolean, sep text,
        given text[], given_ascii text[], family text[], family_ascii text[], company text[],
        suffix text[], role text[], host text[], hello text[], bye text[], body text[],
        a11y text[], avg_len float8)`);
    await client.query(
      `INSERT INTO seed_locale SELECT * FROM json_populate_recordset(null::seed_locale, $1::json)`,
      [JSON.stringify(localeRows())],
    );
    const rareEvery = Math.max(1, Math.round(count / 300));
    await client.query(
      `INSERT INTO users (username, role, enrolled_at) SELECT name, 'member', now() FROM unnest($1::text[]) AS name`,
      [OPERATORS],
    );
    const { rows: team } = await client.query(
      `SELECT id FROM users WHERE username = ANY($1::text[]) ORDER BY array_position($1::text[], username::text)`,
      [OPERATORS],
    );
    const teamIds = (team as { id: string }[]).map((user) => user.id);
    // The tables' indexes are built once the rows are in, as a restore does: keeping eighteen
    // of them (a trigram GIN among them) up to date row by row took a fifth of the seeding's time.
    // Those behind a constraint (primary and foreign keys) stay, so the rows are checked as
    // they go in.
    const { rows: indexes } = await client.query(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relname = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [SEEDED_TABLES],
    );
    for (const { name } of indexes as { name: string }[]) await client.query(`DROP INDEX ${name}`);
    // Batches in order, on every connection at once: two neighbouring batches share the heap's
    // pages for a while, so the table still follows created_at closely, as in production.
    // A small inbox (CI's) in a batch per connection, so that every core works on it too.
    const size = Math.min(BATCH, Math.ceil(count / SEED_CONNECTIONS));
    const batches = Array.from({ length: Math.ceil(count / size) }, (_, k) => 1 + k * size);
    let written = 0;
    await eachOn(clients, batches, async (each, from) => {
      const to = Math.min(count, from + size - 1);
      await each.query(BATCH_SQL, [
        from,
        to,
        count,
        now,
        ACCESSIBILITY_PREFIX,
        SPAM,
        rareEvery,
        teamIds,
      ]);
      written += to - from + 1;
      console.log(`  ${written.toLocaleString('en')} leads (${elapsed()})`);
    });
    await eachOn(clients, indexes as { definition: string }[], (each, { definition }) =>
      each.query(definition),
    );
    console.log(`  ${indexes.length} indexes built (${elapsed()})`);
    await client.query(`DROP TABLE seed_locale`);
    // The visibility map, set by VACUUM, is what lets the counts read the index alone; ANALYZE
    // gives the planner the statistics of a settled table (and of the indexed expressions).
    await client.query(`VACUUM (ANALYZE) ${SEEDED_TABLES.join(', ')}`);
    console.log(`  seeded, vacuumed, analyzed: ${elapsed()}\n  ${await describe(client)}`);
    return now;
  } finally {
    await Promise.all(clients.map((each) => each.end().catch(() => undefined)));
  }
}

/** Runs `work` on every item in order, each client taking the next item once it is free. */
async function eachOn<T>(
  clients: pg.Client[],
  items: T[],
  work: (client: pg.Client, item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (next < items.length) await work(client, items[next++]!);
    }),
  );
}

/** What was seeded, in one line: the shares that shape the inbox's plans. */
async function describe(client: pg.Client): Promise<string> {
  const { rows } = await client.query(`
    SELECT round(100.0 * count(*) FILTER (WHERE kind = 'accessibility') / count(*), 1) AS a11y,
           round(100.0 * count(*) FILTER (WHERE spam_reason IS NOT NULL) / count(*), 1) AS spam,
           round(100.0 * count(*) FILTER (WHERE read_at IS NULL) / count(*), 1) AS unread,
           round(avg(length(message))) AS length,
           count(*) FILTER (WHERE message LIKE '%${RARE_WORD}%') AS rare,
           (SELECT string_agg(status || ' ' || n, ', ') FROM (SELECT status, count(*) AS n
              FROM notifications GROUP BY 1 ORDER BY 1) AS x) AS sends,
           (SELECT count(*) FROM lead_status_changes) AS changes,
           pg_size_pretty(pg_total_relation_size('contact_submissions')) AS size
      FROM contact_submissions`);
  const r = rows[0] as Record<string, string>;
  return `${r.a11y}% accessibility feedback, ${r.spam}% spam, ${r.unread}% unread, messages of ${r.length} characters on average, ${r.rare} with "${RARE_WORD}"; notifications ${r.sends}; ${r.changes} status changes; contact_submissions and its indexes: ${r.size}`;
}
