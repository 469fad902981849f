import { AppError } from '../../../shared/errors';

/**
 * The most used passwords of at least 8 characters (shorter ones are refused anyway), lowercase,
 * roughly most common first: typed in from the well-known published lists (the yearly "worst
 * passwords" lists, the NCSC and RockYou top lists, the 10,000 most common passwords).
 */
const list = `
password 12345678 123456789 baseball football qwertyuiop 1234567890 superman 1qaz2wsx trustno1
jennifer sunshine iloveyou starwars computer michelle 11111111 princess 987654321 corvette 1234qwer
88888888 q1w2e3r4t5 internet samantha whatever maverick steelers mercedes 123123123 qwer1234
hardcore q1w2e3r4 midnight victoria 1q2w3e4r cocacola marlboro asdfasdf 87654321 12344321 qwerty123
password1 password123 passw0rd p@ssw0rd p@ssword pa55word pa55w0rd passwort motdepasse contrasena
salasana wachtwoord welcome1 welcome123 welcome2024 welcome2025 letmein1 letmein123 admin123
admin1234 administrator changeme changeme123 abcd1234 abc12345 abcdefgh abcdefghi 12341234 11223344
1122334455 a123456789 a1b2c3d4 aa123456 aaaaaaaa aaaaaaaaa 123456789a 12345678a qwe123456 qwe12345
qweasdzxc qwertyui qwerty12 qwerty1234 qwertyuiop123 qazwsxedc qazxswedc 1qazxsw2 zaq12wsx zaq1zaq1
zaq1xsw2 xsw2zaq1 1q2w3e4r5t 1q2w3e4r5t6y 1q2w3e4r5t6y7u 1qaz2wsx3edc asdf1234 asdfghjk asdfghjkl
1234asdf zxcvbnm1 zxcvbnm123 zxcv1234 iloveyou1 iloveyou2 iloveyou123 ilovegod ilovemyself
ilovejesus sunshine1 princess1 football1 baseball1 superman1 michael1 jordan23 charlie1 jennifer1
jessica1 michelle1 12qwaszx 123qweasd 123qweasdzxc 1234qwerty 123456qwerty qwerty123456 123456789q
1234567q 1q2w3e4r5 1234567a 22222222 33333333 44444444 55555555 66666666 77777777 99999999 00000000
12121212 0123456789 9876543210 98765432 147258369 741852963 123654789 789456123 321654987 147852369
963852741 111111111 1111111111 121212121 131313131 1231231234 123321123 159753123 147896325
0987654321 12345678910 qwertyuiop1 poiuytrewq lkjhgfdsa asdfgh123 zxcvbnm12 azertyuiop azerty123
qwertz123 1234abcd abc123456 abcabc123 abcdabcd monkey123 dragon123 shadow123 master123 sunshine123
princess123 football123 baseball123 superman123 batman123 charlie123 jordan123 michael123 hello123
hello1234 helloworld hellokitty hello12345 welcome12 lovelove whatever1 whatever123 nopassword
secret123 mysecret letmein2 letmein12 opensesame open1234 access14 access123 enter123 passpass
password2 password12 password1234 password12345 password123456 password01 password11 password99
password7 password8 password9 password3 password5 password6 password4 password0 passwords passwordd
mypassword yourpassword newpassword oldpassword thepassword password! password1! password123!
passw0rd! p@ssw0rd1 p@ssw0rd! p@55w0rd pa$$word pa$$w0rd passw0rd1 passw0rd123 passwor1 passwd123
pwd12345 pass1234 pass12345 pass@123 pass@word1 password@123 admin@123 admin12345 admin2024
admin2025 administrator1 adminadmin rootroot root1234 system123 manager123 support123 server123
postgres database database1 test1234 test12345 testing123 testtest guest123 guest1234 user1234
username login123 superuser supervisor operator master12 summer2018 summer2019 summer2020 summer2021
summer2022 summer2023 summer2024 summer2025 summer123 winter2018 winter2019 winter2020 winter2021
winter2022 winter2023 winter2024 winter2025 winter123 spring2020 spring2021 spring2022 spring2023
spring2024 spring2025 autumn2023 autumn2024 fall2023 fall2024 february september november december
wednesday thursday saturday christmas halloween birthday happyday happy123 football12 soccer123
soccer12 hockey123 tennis123 golf1234 baseball12 basketball basketball1 volleyball skateboard
snowboard swimming liverpool liverpool1 chelsea1 arsenal1 manchester barcelona realmadrid juventus
rangers1 tottenham newcastle football11 goalkeeper cowboys1 steelers1 patriots yankees1 redskins
raiders1 warriors michael12 michaels michaeljordan jordan12 lebron23 jordan2345 tiger123 superstar
starwars1 startrek skywalker darthvader chewbacca stargate batman12 spiderman wolverine superman12
avengers pokemon1 pokemon123 dragonball onepiece minecraft minecraft1 fortnite roblox123 supermario
nintendo playstation warcraft starcraft runescape callofduty computer1 computer123 internet1
keyboard windows10 microsoft apple123 google123 facebook instagram linkedin samsung1 motorola
anonymous blahblah butterfly buttercup sweetheart honey123 angelina angel123 babygirl babygirl1
princesa princess12 rainbow1 sunflower jasmine1 strawberry blueberry raspberry pineapple chocolate
chocolate1 pizza123 hamburger icecream coffee123 espresso cappuccino monkey12 kitty123 kittycat
puppy123 dolphins elephant dragon12 dragonfly phoenix1 unicorn1 gandalf1 voldemort harrypotter
hogwarts hermione chicago1 california america1 argentina australia jesus123 jesuschrist godisgood
blessing faith123 freedom1 peace123 power123 strength airforce killer123 death123 devil666 magic123
secret12 champion champion1 winner123 victory1 queen123 princess2 master01 captain1 sergeant
commander friends1 bestfriend buddy123 michael2 daniel12 david123 james123 robert123 william1
richard1 charles1 christopher christian matthew1 anthony1 nicholas jonathan brandon1 benjamin
alexander alexander1 patrick1 christian1 lawrence patricia jennifer12 elizabeth jessica12 margaret
ashley12 kimberly michelle12 melissa1 stephanie kathleen nicole12 samantha1 katherine christine
catherine heather1 virginia victoria1 christina jacqueline danielle brittany isabella charlotte
alexandra alexandra1 jasmine12 natasha1 veronica valentina valentine mercedes1 porsche1 ferrari1
lamborghini volkswagen chevrolet kawasaki mustang1 corvette1 cadillac porsche911 mercedes123
ferrari123 maserati music123 rocknroll metallica michaeljackson justinbieber onedirection blackpink
taylorswift coldplay linkinpark slipknot ironmaiden money123 millionaire diamond1 diamonds platinum
crystal1 green123 black123 orange12 bluebird blueberry1 blackcat blackbird whitecat moonlight
starlight universe paradise tropical summer12 winter12 snowball snowflake firefire fireball firebird
thunder1 lightning mountain mountains nature123 earth123 wildlife fishing1 adventure explorer
airplane spaceman astronaut teacher1 student1 university chemistry private1 personal confidential
secure123 security security1 protected accessdenied letmein01 password00 passwordpassword
qwertyqwerty asdasdasd zxczxczxc qweqweqwe 123qwe123 12345qwert 123456789z 123456789qwerty
1234567899 76543210 1357924680 10203040 112233445566 123456123456 123123qwe 111222333 12345612
123456aa aaaa1111 abc123abc abcde12345 abcd12345 qwerty12345 qwerty007 james007 agent007 shadow12
shadow01 letmein! welcome! iloveyou! fuckyou1 shithead butthead dickhead nothing1 everyone anything
something somebody computadora liebling chocolat qwerty11 qwerty01 qwerty22 qwerty777 qwerty99
zxcvbnm0 mnbvcxz1 1qa2ws3ed 1a2b3c4d 1z2x3c4v 1q1q1q1q 2w2w2w2w q1q1q1q1 a1a1a1a1 z1z1z1z1 aaaa1234
1qaz1qaz 1qazxsw23edc 2wsx3edc 3edc4rfv 4rfv5tgb 5tgb6yhn qazwsx123 qazwsx12 qazwsxedcrfv
1q2w3e4r5t6y7u8i zaq12345 xsw23edc cde34rfv !qaz2wsx !qaz@wsx 1qaz@wsx qwer4321 rewq4321 4321rewq
1234rewq asdf4321 q2w3e4r5 w1e2r3t4 qw12er34 qw123456 q1234567 q12345678 zx123456 zxc12345
zxcvbnm123456 ww111111 qq123456 aa12345678 123qweasdzxc1 baseball2 football2 michael7 rockstar
rockstar1 superstar1 moviestar stars123 starlight1 shooting charming darling1 precious precious1
treasure beautiful beautiful1 gorgeous handsome cutie123 smile123 happiness joker123 laughing
letmeinnow letmein22 letmein2023 letmein2024 letmein2025 changeit changeme1 changeme2 changemenow
temp1234 temporary temppass temppassword newpass123 first123 start123 beginner welcome01 welcome0
welcome2 welcome3 welcomehome homesweethome homework office123 company1 business business1 corporate
enterprise project1 project123 company123 michael01 jennifer2 jessica2 elizabeth1 christopher1
alexander2 alexandra2 samantha2 victoria2 stephanie1 katherine1 catherine1 christina1 jacqueline1
elizabeth123 princess01 princesse beautiful2 sunshine2 sunshine12 sunflower1 butterfly1 butterfly2
chocolate2 strawberry1 blueberry2 pineapple1 watermelon cheesecake cupcake123 icecream1 marshmallow
cinnamon pepperoni spaghetti chickens chicken1 chicken123 football7 football9 football10 football13
football22 baseball7 baseball10 basketball2 basketball23 soccer10 soccer11 soccer13 hockey12
hockey99 tennis12 swimming1 runner12 cheerleader gymnastics iloveyou12 iloveyou22 iloveyou3
iloveyou4 iloveyou7 ilovemom ilovedad ilovemyfamily iloveyouso imissyou loveyou1 loveyou2 loveyou123
lovelove1 loveme12 loveme123 lovemore truelove truelove1 mylove123 foreverlove forever1 forever21
together always123 alwaysyou nevermind neverland neversaydie whatever2 whatthefuck seventeen
eighteen nineteen twenty20 thirteen fourteen onetwothree onetwothreefour abcdefghij abcdefghijk
abcdefghijkl abcdefg123 abcdefg1 abcdef123 abcdef12 abcde123 abcd1234! abc123456789 abc12345678
abc123abc123 1234567890a 1234567890q 0987654321q 0123456789a 1234512345 1234554321 1234567891
1234567812 123456789123 12345678901 123456789012 1234512345a 1111122222 1212121212 1231231231
1234123412 1357913579 2222222222 3333333333 5555555555 7777777777 8888888888 9999999999 0000000000
12345678q 12345678z 12345678x 12345678s 12345678d 12345678b 12345678c 12345678e 12345678! qwerty2020
qwerty2021 qwerty2022 qwerty2023 qwerty2024 qwerty2025 password2020 password2021 password2022
password2023 password2024 password2025 password2026 welcome2020 welcome2021 welcome2022 welcome2023
welcome2026 spring2026 summer2026 winter2026 autumn2025 autumn2026 january1 february1 october1
november1 december1 september1 christmas1 christmas123 halloween1 valentine1 valentines birthday1
birthday123 happybirthday newyear2024 newyear2025 graduation starwars12 starwars123 spiderman1
spiderman123 superman01 batman123456 ironman123 avengers1 deadpool1 wolverine1 pokemon12 pokemon2
minecraft123 minecraft2 fortnite1 fortnite123 roblox1234 overwatch leagueoflegends playstation1
playstation2 playstation3 playstation4 playstation5 nintendo1 gameboy1 xbox1234 counterstrike
worldofwarcraft battlefield computer12 computer2 internet12 internet123 software hardware programmer
developer !qaz2wsx3edc 1qaz!qaz q1w2e3r4t5y6 q1w2e3r4t5y6u7 qwertyuiopasdfghjkl qwertyuiop12
qwertyuiop1234 asdfghjkl1 asdfghjkl123 zxcvbnm1234 qwertyasdf qwertyasdfgh asdfqwer qwerasdf
qwerasdfzxcv 1qazzaq1 zaq1@wsx 1q2w3e4r! 1q2w3e4r@ 1q2w3e4r5t! qwe123qwe qweasd123 qweasdzxc1
asdzxc123 zxcasdqwe 123ewqasd 321ewqdsa 147258369a 147852369a 159753456 159357456 753951456
852456963 951753852 789456123a 456789123 369258147 2580258025 13572468 24681357 marlboro1 ferrari12
mercedes12 corvette12 mustang12 camaro12 porsche12 yamaha123 kawasaki1 harleydavidson chevrolet1
silverado motorcycle mountainbike bicycle1 airplane1 helicopter submarine spaceship liverpool12
arsenal123 chelsea123 barcelona1 realmadrid1 manchester1 manutd123 juventus1 ronaldo7 cristiano
ronaldinho beckham23 zidane10 maradona gerrard8 rooney10 neymar11 jordan123456 jordan2323 kobebryant
lebronjames michaeljordan23 shaquille tigerwoods tigerwoods1 mikejordan jordan21 jesus777
jesuslovesme jesusisgod jesuschrist1 godislove godbless godbless1 godisgreat blessed1 blessed123
thankyou thankyou1 pleasework letmeinplease openup123 sesame123 opensesame1 trustno11 trustnoone
believe1 naruto123 sasuke123 itachi123 goku1234 dragonball1 onepiece1 luffy123 sailormoon
hellokitty1 pikachu123 qwerty1! abc123!!
correcthorsebatterystaple correcthorse
`;

const common = new Set(list.split(/\s+/).filter((word) => word !== ''));

/** How many passwords the list holds (for tests). */
export const commonPasswordCount = common.size;

/** One character repeated, or a straight run such as 12345678, abcdefgh or 98765432. */
function isTrivial(password: string): boolean {
  if (new Set(password).size === 1) return true;
  const codes = [...password].map((character) => character.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  return (
    Math.abs(step) === 1 &&
    codes.every((code, index) => index === 0 || code - (codes[index - 1] ?? 0) === step)
  );
}

/**
 * Whether a password is among the first ones an attacker tries: a common password (in any
 * letter case), a trivial one, or the account's own e-mail address, its name part or the name.
 */
export function isGuessablePassword(
  password: string,
  account: { email?: string; name?: string } = {},
): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower) || isTrivial(lower)) return true;
  const email = account.email?.toLowerCase();
  const own = [email, email?.split('@')[0], account.name?.toLowerCase().replace(/\s+/g, '')];
  return own.some((value) => value !== undefined && value.length > 0 && lower.replace(/\s+/g, '') === value);
}

export function passwordTooCommon(): AppError {
  return new AppError(
    'PASSWORD_TOO_COMMON',
    'This password is too common and easy to guess. Choose a longer one, for example a few unrelated words.',
    'password',
  );
}

/** Refuses a guessable password with a message for the password field. */
export function assertStrongEnough(password: string, account: { email?: string; name?: string } = {}): void {
  if (isGuessablePassword(password, account)) throw passwordTooCommon();
}
