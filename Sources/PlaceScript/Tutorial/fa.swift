let tutorialTextFA = #"""
    # The guided tutorial in Persian (fa): the format is described at the top of en.swift.
    # Written right to left: 'direction: rtl' makes the walk open each Persian line with a
    # right-to-left mark; 'digits:' writes step numbers and counts in Persian digits. Commands,
    # API names, calls and console lines stay as they are: they are code.

    language: fa
    name: فارسی
    direction: rtl
    digits: ۰۱۲۳۴۵۶۷۸۹
    message.welcome: گشتی راهنما در برنامه‌ی آموزشی، در {total} گام. هر گام می‌گوید به کدام بخش از آموزش منتشرشده تعلق دارد، برنامه در آن لحظه چه می‌کند، فراخوانی‌هایش را همان‌طور که 'trace' چاپ می‌کند نشان می‌دهد و می‌گوید چه فرمانی وارد کنید؛ هر وقت نشست نشان دهد گام انجام شده است، گشت به گام بعد می‌رود. 'tutorial list' گام‌ها را فهرست می‌کند و 'tutorial stop' گشت را پایان می‌دهد.
    message.step: گام {n} از {total}: {title}
    message.optional: (اختیاری)
    message.part: در آموزش: {part}
    message.code: فراخوانی‌ها، همان‌طور که 'trace' نشان می‌دهد:
    message.api: API:
    message.type: وارد کنید:
    message.done: ✓ گام {n} انجام شد: {title}
    message.doneToo: ✓ گام {n} هم انجام شد: {title}
    message.already: نشست شما همین حالا این گام را انجام‌شده نشان می‌دهد: با 'tutorial next' ادامه دهید.
    message.hint: آموزش: {hint}
    message.hintNow: گام {n}: {hint}
    message.replayed: گشت فرمان‌های گام‌های پیش از این گام ({steps}) را بی‌صدا وارد کرد: نشست همان‌جایی است که این گام از آن شروع می‌شود.
    message.range: {first} تا {last}
    message.forgotten: پیشرفت آموزش فراموش شد: هیچ گامی انجام‌شده نیست. 'tutorial' آن را از گام ۱ شروع می‌کند.
    message.finished: این آخرین گام بود: آموزش تمام شد. 'tutorial list' گام‌ها را نشان می‌دهد و 'tutorial restart' آن را از نو می‌پیماید.
    message.stopped: آموزش در گام {n} متوقف شد. 'tutorial' آن را از همان‌جا ادامه می‌دهد.
    message.notRunning: هیچ آموزشی در جریان نیست: 'tutorial' یکی را شروع می‌کند.
    message.first: این نخستین گام است.
    message.last: این آخرین گام است.
    message.language: زبان آموزش: {title}. زبان‌های موجود: {list}.
    message.list: گام‌های آموزش ({done} از {total} انجام شده؛ ✓ انجام‌شده، → گام کنونی):
    message.noStep: آموزش گام‌های ۱ تا {total} را دارد؛ گام {n} وجود ندارد
    message.noStepHelp: 'tutorial list' گام‌ها را فهرست می‌کند
    message.noLanguage: آموزش متنی به زبان '{code}' ندارد
    message.languages: زبان‌ها: {list}
    message.replayFailed: گشت نتوانست نشست را به گام {n} برساند: '{command}' در گام {step} شکست خورد
    message.replayStuck: گشت نتوانست نشست را به گام {n} برساند: گام {step} پس از فرمان‌هایش برقرار نیست

    == 1
    title: برنامه را اجرا کنید
    part: درخواست مجوز برای استفاده از موقعیت مکانی
    say:
      صفحه‌ی نقشه کارش را در MapViewController.viewDidLoad() انجام می‌دهد. برای دیدن اجرای آن، اول
      ردگیری را روشن کنید، 'trace on': هر فراخوانی‌ای را که برنامه انجام می‌دهد (→) و هر
      فراخوانی‌ای را که دریافت می‌کند (←) در همان لحظه چاپ می‌کند. سپس برنامه را اجرا کنید،
      'launch'.

      viewDidLoad یک CLLocationManager می‌سازد، desiredAccuracy را روی kCLLocationAccuracyBest
      می‌گذارد و requestWhenInUseAuthorization() را فرا می‌خواند. هنوز کسی پاسخ نداده است (وضعیت
      notDetermined است)، پس iOS هشدار مجوز را با متن NSLocationWhenInUseUsageDescription از
      Info.plist نشان می‌دهد.
    code: ← MapViewController.viewDidLoad()
    code: → locationManager = CLLocationManager()
    code: → locationManager.desiredAccuracy = kCLLocationAccuracyBest
    code: → locationManager.requestWhenInUseAuthorization()
    api: CLLocationManager.requestWhenInUseAuthorization()
    type: trace on
    type: launch
    done: app.running == true
    happened: launch
    happened: trace MapViewController.viewDidLoad()
    happened: alert
    when: auth.status != "notDetermined"
    hint: به درخواست مجوز پیش‌تر پاسخ داده شده است، پس هشداری نمی‌آید: 'reset' (Erase All Content and Settings)، سپس 'trace on' و 'launch'.
    when: app.running == true
    hint: برنامه بدون ردگیری اجرا شد: 'terminate'، سپس دوباره 'trace on' و 'launch'.
    hint: 'trace on' را وارد کنید، سپس 'launch' تا برنامه اجرا شود.
    recap: viewDidLoad مدیر موقعیت مکانی را ساخت و مجوز خواست؛ iOS هشدار را نشان داد.

    == 2
    title: به هشدار پاسخ دهید
    part: درخواست مجوز برای استفاده از موقعیت مکانی
    say:
      Core Location وضعیت را به locationManager(_:didChangeAuthorization:) گزارش می‌دهد: برنامه خط
      دقتش و "Location status not determined." را چاپ کرد.

      با 'auth allow' دکمه‌ی Allow While Using App را بزنید. وضعیت authorizedWhenInUse می‌شود،
      Core Location دوباره delegate را فرا می‌خواند و برنامه "Location status is OK." را چاپ
      می‌کند. (خط "Current Place error" پس از اجرا دام P4 است: گام ۱۳ به آن برمی‌گردد.)
    code: ← locationManager(_:didChangeAuthorization: .notDetermined)
    code: ← locationManager(_:didChangeAuthorization: .authorizedWhenInUse)
    api: locationManager(_:didChangeAuthorization:)
    type: auth allow
    done: app.running == true
    done: auth.status == "authorizedWhenInUse"
    done: auth.accuracy == "full"
    from: launch
    happened: launch
    happened: alert
    happened: answer auth allow
    happened: console Location status is OK.
    when.happened: answer auth deny
    hint: پاسخ شما Don't Allow بود: 'reset' پاسخ را پاک می‌کند (Erase All Content and Settings)؛ سپس 'launch' و 'auth allow'.
    when.happened: answer auth allow --approximate
    hint: کلید Precise را خاموش کردید: 'reset'، سپس 'launch' و 'auth allow' بدون --approximate.
    when: auth.prompt == true
    hint: هشدار روی صفحه است: با 'auth allow' به آن پاسخ دهید.
    when: auth.status != "notDetermined"
    hint: مجوز بدون هشداری که باید به آن پاسخ دهید داده شد (در تنظیمات، یا پیش از شروع گشت): 'reset'، سپس 'launch' و 'auth allow'.
    hint: برای پاسخ به هشدار 'auth allow' را وارد کنید (بدون --approximate: اول موقعیت دقیق)؛ اگر هشدار رفته است، 'reset' و 'launch' آن را برمی‌گردانند.
    recap: Allow While Using App وضعیت را authorizedWhenInUse کرد و delegate آن را شنید.

    == 3
    title: مدیر موقعیت مکانی را راه بیندازید
    part: راه‌اندازی مدیر موقعیت مکانی
    say:
      برنامه، هنوز در viewDidLoad، مقدار distanceFilter را ۵۰ (متر) می‌گذارد،
      startUpdatingLocation() را فرا می‌خواند و خودش را delegate مدیر می‌کند. از آن پس Core
      Location موقعیت‌ها را به locationManager(_:didUpdateLocations:) می‌فرستد؛ برنامه آخرینِ
      آن‌ها را برمی‌دارد و "Location: …"، یعنی توصیف CLLocation، را چاپ می‌کند.

      هنوز هیچ موقعیتی نرسیده و نقشه همچنان پنهان است: 'explain' می‌گوید چرا. دستگاه شبیه‌سازی‌شده
      هنوز موقعیتی ندارد (Features ▸ Location ▸ None)، پس Core Location یک ثانیه پس از مجوز همین
      را گزارش کرد: didFailWithError با kCLErrorLocationUnknown، همان خط "Error: … Code=0".
      didFailWithError برنامه stopUpdatingLocation() را فرا می‌خواند، پس به‌روزرسانی‌ها تا پایان
      این اجرا خاموش‌اند (دام P5): دیگر موقعیت دستگاه به‌تنهایی به برنامه نمی‌رسد. به دستگاه
      نقطه‌ی پیش‌فرض آموزش در Pyrmont سیدنی را بدهید، همان کاری که منوی Features ▸ Location
      شبیه‌ساز می‌کند، 'locate sydney'، و برنامه را دوباره اجرا کنید، 'launch': مجوز به یاد مانده
      است، viewDidLoad به‌روزرسانی‌ها را از نو شروع می‌کند و موقعیت یک ثانیه بعد می‌رسد.
    code: → locationManager.distanceFilter = 50
    code: → locationManager.startUpdatingLocation()
    code: → locationManager.delegate = self
    code: ← locationManager(_:didFailWithError: Error Domain=kCLErrorDomain Code=0 "(null)")
    code: → locationManager.stopUpdatingLocation()
    code: ← locationManager(_:didUpdateLocations: […])
    api: CLLocationManager.startUpdatingLocation()
    api: locationManager(_:didUpdateLocations:)
    api: locationManager(_:didFailWithError:)
    type: explain
    type: locate sydney
    type: launch
    done: location != nil
    from: launch
    happened: console Location status is OK.
    happened: console Location:
    when: app.running == false
    hint: برنامه در حال اجرا نیست: 'locate sydney'، سپس 'launch' (مجوز حفظ می‌شود).
    when: auth.status == "denied"
    hint: دسترسی به موقعیت رد شده است: در تنظیمات 'auth allow'، سپس با 'terminate' و 'launch' دوباره اجرا کنید. رد مجوز به‌روزرسانی‌ها را تا اجرای بعدی برنامه متوقف می‌کند.
    when: why.noFix == "P5"
    hint: برنامه پس از خطای موقعیت به‌روزرسانی‌هایش را متوقف کرد (P5): اگر دستگاه هنوز موقعیتی ندارد 'locate sydney'، سپس برنامه را با 'launch' دوباره اجرا کنید.
    hint: 'locate sydney' را وارد کنید تا دستگاه موقعیتی داشته باشد، سپس 'launch' تا به‌روزرسانی‌ها دوباره شروع شوند.
    recap: رسیدن موقعیت هم به موقعیت دستگاه نیاز دارد و هم به به‌روزرسانی‌های روشن؛ didFailWithError برنامه آن‌ها را تا پایان اجرا خاموش می‌کند.

    == 4
    title: نقشه را اضافه کنید
    part: افزودن نقشه
    say:
      viewDidLoad نقشه را هم ساخت: یک GMSCameraPosition روی نقطه‌ی پیش‌فرض (-33.869405, 151.199)
      با بزرگ‌نمایی ۱۵ (و ۱۰ وقتی موقعیت تقریبی است)، GMSMapView.map(withFrame:camera:)، نقطه و
      دکمه‌ی «موقعیت من» روشن، و سپس mapView.isHidden = true: پنهان تا نخستین موقعیت. همان موقعیت
      نقشه را آشکار کرد و mapView.camera را یک‌باره تنظیم کرد. موقعیت‌های بعدی دوربین را با
      mapView.animate(to:) جابه‌جا می‌کنند.

      موقعیت بعدی تنها وقتی می‌آید که دستگاه دست‌کم به اندازه‌ی فیلتر فاصله، ۵۰ متر، از موقعیت
      قبلی دور شده باشد. آن را ۳۰ متر به جنوب ببرید، 'locate -33.869675 151.199': چیزی نمی‌آید.
      سپس ۱۰۰ متر، 'locate -33.870305 151.199': موقعیتی می‌رسد و دوربین دنبالش می‌رود. آن‌گاه نقشه
      را همان‌طور که گوشی نشان می‌دهد بکشید، 'map': مکان‌های اطراف، نقطه‌ی آبی جایی که هستید، و
      مقیاس.
    code: → GMSCameraPosition.camera(withLatitude: -33.869405, longitude: 151.199, zoom: 15)
    code: → mapView = GMSMapView.map(withFrame: view.bounds, camera: camera)
    code: → mapView.isHidden = true
    code: → mapView.isHidden = false
    code: → mapView.camera = GMSCameraPosition(…)
    code: → mapView.animate(to: …)
    api: GMSMapView.map(withFrame:camera:)
    api: GMSMapView.animate(to:)
    type: locate -33.869675 151.199
    type: locate -33.870305 151.199
    type: map
    done: map.hidden == false
    done: stats.locationUpdates >= 2
    happened: typed map …
    when: why.noFix == "P5"
    hint: برنامه پس از یک خطای موقعیت به‌روزرسانی‌هایش را متوقف کرد (P5): با 'terminate' و سپس 'launch' دوباره اجرا کنید.
    when: stats.locationUpdates == 1
    hint: نخستین موقعیت رسیده است و تا دستگاه بیش از ۵۰ متر از آن دور نشود موقعیت دیگری نمی‌آید: 'locate -33.870305 151.199'.
    when: stats.locationUpdates >= 2
    hint: دوربین موقعیت را دنبال کرد: نقشه را با 'map' بکشید.
    hint: دستگاه را بیش از ۵۰ متر از آخرین موقعیتش دور کنید: 'locate -33.870305 151.199'.
    recap: نخستین موقعیت نقشه را آشکار کرد و دوربینش را تنظیم کرد؛ موقعیت تازه تنها پس از گذشتن از فیلتر ۵۰ متری می‌آید و دوربین دنبالش می‌رود.

    == 5
    title: مکان‌های محتمل را بخواهید
    part: اجازه دهید کاربر مکان فعلی را انتخاب کند
    say:
      هر موقعیت با listLikelyPlaces() پایان می‌یابد. این تابع آرایه‌ی likelyPlaces برنامه را خالی
      می‌کند و findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate]) از
      GMSPlacesClient را فرا می‌خواند. callback مقدارهای GMSPlaceLikelihood را، محتمل‌ترین در
      ابتدا، دریافت می‌کند و برنامه مکانِ هر یک را به آرایه می‌افزاید. viewDidLoad هم درخواستی
      فرستاد و هر انتخاب نیز یکی دیگر می‌فرستد: هر فراخوانی یک درخواست Find Current Place است که
      هزینه دارد ('stats' آن‌ها را می‌شمارد).

      دکمه‌ی "Get Place" با یک segue به PlacesViewController می‌رود و prepare(for:sender:) آرایه
      را به آن می‌دهد. آرایه‌های Swift از نوع مقداری‌اند: فهرست انتخاب یک کپی از فهرست را،
      همان‌گونه که در آن لحظه است، می‌گیرد. دکمه را بزنید: 'likely'.
    code: → listLikelyPlaces()
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    code: → performSegue(withIdentifier: "segueToSelect", sender:)
    code: → prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (…)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlaceLikelihood
    type: likely
    done: app.screen == "picker"
    done: picker.rows.count > 0
    when: why.emptyList == "P5"
    hint: فهرست خالی است و خالی می‌ماند: یک خطای موقعیت به‌روزرسانی‌ها را متوقف کرد (P5)، پس هیچ موقعیتی درخواستی نمی‌فرستد. با 'terminate' و سپس 'launch' دوباره اجرا کنید.
    when: app.screen == "picker"
    hint: جدول خالی است: فهرست انتخاب پیش از رسیدن پاسخ، کپی‌ای از فهرست گرفت. 'back'، سپس دوباره 'likely'.
    hint: برای زدن "Get Place" فرمان 'likely' را وارد کنید.
    recap: هر موقعیت از Places مکان‌های محتمل را می‌خواهد؛ "Get Place" کپی‌ای از فهرست را به فهرست انتخاب می‌دهد.

    == 6
    title: بگذارید کاربر انتخاب کند
    part: اجازه دهید کاربر مکان فعلی را انتخاب کند
    say:
      فهرست انتخاب برای هر مکان یک ردیف نشان می‌دهد، با place.name به‌عنوان متن خانه، پنج ردیف در
      هر صفحه. زدن یک ردیف selectedPlace را تنظیم می‌کند و unwind segue را به نقشه اجرا می‌کند.
      پیش از اجرای unwind، prepare(for:sender:) فهرست انتخاب، انتخاب را تحویل می‌دهد:
      selectedPlace کنترلر نقشه را تنظیم می‌کند. سپس نوبت unwindToMain(segue:) است. ('back' بدون
      انتخاب خارج می‌شود و چیزی تغییر نمی‌کند.)

      نخستین و محتمل‌ترین مکان را انتخاب کنید: 'select 1'.
    code: ← tableView(_:didSelectRowAt: [0, 0])
    code: → selectedPlace = likelyPlaces[0]
    code: → performSegue(withIdentifier: "unwindToMain", sender:)
    code: → prepare(for:sender:): mapViewController.selectedPlace = selectedPlace
    code: ← unwindToMain(segue:)
    api: tableView(_:didSelectRowAt:)
    api: MapViewController.unwindToMain(segue:)
    type: select 1
    done: app.screen == "map"
    done: markers.count == 1
    when: app.screen == "map"
    hint: فهرست انتخاب بسته است: 'likely' آن را باز می‌کند، سپس 'select 1'.
    hint: برای زدن ردیف اول 'select 1' را وارد کنید.
    recap: زدن ردیف selectedPlace را تنظیم کرد، prepare(for:sender:) آن را به کنترلر نقشه داد و unwind به نقشه برگشت.

    == 7
    title: نشانگر را اضافه کنید
    part: افزودن نشانگر به نقشه
    say:
      unwindToMain(segue:) تابع mapView.clear() را فرا می‌خواند که نشانگر قبلی را برمی‌دارد، سپس
      GMSMarker(position: place.coordinate) را می‌سازد، title آن را place.name و snippet آن را
      place.formattedAddress می‌گذارد و با marker.map = mapView آن را روی نقشه قرار می‌دهد. سپس
      دوباره listLikelyPlaces() را فرا می‌خواند. دوربین به سوی نشانگر نمی‌رود و هیچ پنجره‌ی
      اطلاعاتی خودبه‌خود باز نمی‌شود.

      برای باز کردن پنجره‌ی اطلاعات نشانگر، روی آن بزنید: 'tap marker 1'. ببینید چه نشان می‌دهد.
      سپس از صفحه‌ی گوشی تصویری بگیرید، 'snapshot marker.svg'، و فایل را در مرورگر باز کنید.
    code: → mapView.clear()
    code: → marker = GMSMarker(position: …)
    code: → marker.title = "…"
    code: → marker.snippet = nil
    code: → marker.map = mapView
    api: GMSMarker(position:)
    api: GMSMapView.clear()
    api: GMSMapView.selectedMarker
    type: tap marker 1
    type: snapshot marker.svg
    done: markers[1].infoWindow == true
    happened: typed tap marker 1
    happened: typed snapshot …
    when: markers[1].infoWindow == true
    hint: پنجره‌ی اطلاعات باز است: 'snapshot marker.svg' صفحه را می‌کشد.
    hint: برای باز کردن پنجره‌ی اطلاعات نشانگر 'tap marker 1' را وارد کنید ('markers' نشانگرها را فهرست می‌کند)، سپس 'snapshot marker.svg'.
    recap: unwindToMain(segue:) نقشه را پاک کرد و یک نشانگر، با نام مکان به‌عنوان عنوان، روی مکان انتخاب‌شده گذاشت.

    == 8
    title: snippet گم‌شده (P1)
    part: اجازه دهید کاربر مکان فعلی را انتخاب کند
    say:
      پنجره‌ی اطلاعات عنوان را نشان می‌دهد ولی نشانی را نه: snippet برابر nil است. مقدار آن
      place.formattedAddress است و برنامه فقط [.name, .coordinate] را درخواست می‌کند؛ فیلدی از
      GMSPlace که درخواست نشده باشد nil خوانده می‌شود. این دام P1 است، در کد خود آموزش.

      راه‌حل، درخواست همین فیلد است: در برنامه، withPlaceFields: [.name, .coordinate,
      .formattedAddress]؛ و این‌جا، 'fields +formattedAddress'. هزینه‌ی آن همچنان در رده‌ی
      داده‌های Basic است. در Xcode تغییر کد یعنی توقف برنامه، ساختن و اجرای دوباره‌ی آن؛ این‌جا هم
      همین کار را بکنید: 'terminate'، سپس 'launch'. درخواست‌های برنامه‌ی تازه نشانی را هم
      می‌خواهند، پس 'likely' و 'select 1' نشانگری با snippet می‌دهند.
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate, .formattedAddress], callback:)
    code: → marker.snippet = "…"
    api: GMSPlaceField.formattedAddress
    api: GMSMarker.snippet
    type: fields +formattedAddress
    type: terminate
    type: launch
    type: likely
    type: select 1
    done: fields contains "formattedAddress"
    done: fields contains "name"
    done: fields contains "coordinate"
    done: markers[1].title != nil
    done: markers[1].snippet != nil
    when: fields !contains "name"
    hint: فیلدهایی که دادید جای کل ماسک را گرفتند و name در آن نیست: ردیف‌ها خالی‌اند و نشانگر عنوانی ندارد. با '+' یک فیلد افزوده می‌شود: 'fields reset'، سپس 'fields +formattedAddress'.
    when: fields !contains "coordinate"
    hint: فیلدهایی که دادید جای کل ماسک را گرفتند و coordinate در آن نیست: نشانگر هیچ جا قرار نمی‌گیرد. با '+' یک فیلد افزوده می‌شود: 'fields reset'، سپس 'fields +formattedAddress'.
    when: fields contains "formattedAddress"
    hint: فیلدها درست‌اند؛ برنامه‌ای که در حال اجراست پیش از این تغییر ساخته شده، درست مثل Xcode: 'terminate'، 'launch'، سپس 'likely' و 'select 1'.
    hint: 'fields +formattedAddress' را وارد کنید، سپس مثل Xcode دوباره بسازید و اجرا کنید: 'terminate'، 'launch'، سپس 'likely' و 'select 1'.
    recap: فیلدی از GMSPlace تا در درخواست خواسته نشود nil است: formattedAddress جای snippet را پر می‌کند.
    after: 'tap marker 1': پنجره‌ی اطلاعات اکنون نشانی را زیر نام نشان می‌دهد.

    == 9
    title: رد مجوز
    part: درخواست مجوز برای استفاده از موقعیت مکانی
    say:
      اگر کاربر Don't Allow را بزند چه می‌شود؟ از نو شروع کنید: 'reset' همان Erase All Content and
      Settings شبیه‌ساز است (برنامه را می‌بندد و پاسخ را فراموش می‌کند؛ دستگاه موقعیتش را نگه
      می‌دارد). سپس 'launch' و 'auth deny'.

      وضعیت denied می‌شود. برنامه "User denied access to location." را چاپ می‌کند و نقشه را آشکار
      می‌کند که روی نقطه‌ی پیش‌فرض در سیدنی می‌ماند. سپس Core Location تابع
      locationManager(_:didFailWithError:) را با کد 1 از kCLErrorDomain فرا می‌خواند و برنامه
      stopUpdatingLocation() را صدا می‌زند: حتی اگر بعداً در تنظیمات اجازه داده شود، تا اجرای بعدی
      هیچ موقعیتی نمی‌رسد (P5). هر درخواست Places با locationError (-11) شکست می‌خورد، پس "Get
      Place" جدولی خالی نشان می‌دهد: آن را بزنید، 'likely'، و بپرسید چرا، 'explain'.
    code: ← locationManager(_:didChangeAuthorization: .denied)
    code: ← locationManager(_:didFailWithError: Error Domain=kCLErrorDomain Code=1 "(null)")
    code: → locationManager.stopUpdatingLocation()
    api: locationManager(_:didFailWithError:)
    api: CLLocationManager.stopUpdatingLocation()
    type: reset
    type: launch
    type: auth deny
    type: likely
    type: explain
    done: app.running == true
    done: auth.status == "denied"
    done: map.hidden == false
    done: location == nil
    done: app.screen == "picker"
    happened: typed explain
    when: auth.status == "denied"
    hint: جدول فهرست انتخاب خالی است: 'likely' آن را باز می‌کند و 'explain' می‌گوید چرا.
    hint: 'reset'، 'launch' و سپس 'auth deny' را وارد کنید تا با Don't Allow به هشدار پاسخ دهید.
    recap: با رد مجوز، نقشه نقطه‌ی پیش‌فرض را نشان می‌دهد، به‌روزرسانی‌ها تا اجرای بعدی متوقف می‌شوند و هر درخواست Places شکست می‌خورد.

    == 10
    title: موقعیت تقریبی (P12)
    part: افزودن نقشه
    say:
      از iOS 14 به بعد، هشدار یک کلید Precise دارد. اگر خاموش باشد، برنامه reducedAccuracy
      می‌گیرد: موقعیت‌های تقریبی (این‌جا تا حدود ۲ کیلومتر گرد می‌شوند و حداکثر هر ۱۵ دقیقه یک بار
      می‌آیند). برنامه‌ی Swift در هر موقعیت accuracyAuthorization را می‌خواند و به‌جای ۱۵ روی ۱۰
      بزرگ‌نمایی می‌کند، یعنی یک شهر کامل.

      دوباره پاک کنید و با Precise خاموش اجازه دهید: 'reset'، 'launch'، 'auth allow
      --approximate'. برنامه "Location accuracy is not precise." را چاپ می‌کند و بزرگ‌نمایی دوربین
      ۱۰ است ('camera').
    code: ← locationManager(_:didUpdateLocations: […])
    code: → mapView.camera = GMSCameraPosition(latitude: …, longitude: …, zoom: 10)
    api: CLLocationManager.accuracyAuthorization
    api: GMSCameraPosition.camera(withLatitude:longitude:zoom:)
    type: reset
    type: launch
    type: auth allow --approximate
    done: app.flavor == "swift"
    done: auth.accuracy == "reduced"
    done: camera.zoom == 10
    hint: 'reset'، 'launch' و سپس 'auth allow --approximate' را وارد کنید (Allow While Using App با Precise خاموش).
    recap: با Precise خاموش، موقعیت‌ها تقریبی و کم‌شمارند و برنامه‌ی Swift تا ۱۰ کوچک‌نمایی می‌کند.

    == 11
    title: Objective-C: یک switch بدون break (P7)
    part: درخواست مجوز برای استفاده از موقعیت مکانی، در Objective-C
    say:
      آموزش نسخه‌ای Objective-C از همین کد هم دارد. callback مجوز در آن یک switch زبان C است که
      فقط case مربوط به restricted در آن با break تمام می‌شود: اجرای هر case به case‌های زیرینش
      ادامه می‌یابد. (این نسخه حتی با موقعیت تقریبی هم روی ۱۵ بزرگ‌نمایی می‌کند، P12.)

      آن را اجرا کنید و مجوز را رد کنید: 'reset'، 'launch --flavor objc'، 'auth deny'. پس از "User
      denied access to location." خط‌های "Location status not determined." و "Location status is
      OK." می‌آیند: هر دو نادرست. این خط‌ها را NSLog چاپ می‌کند، با تاریخ و نام فرایند در
      ابتدایشان.
    code: ← [mapViewController locationManager:manager didChangeAuthorizationStatus:…
    code: → [manager stopUpdatingLocation]
    api: locationManager:didChangeAuthorizationStatus:
    type: reset
    type: launch --flavor objc
    type: auth deny
    done: app.flavor == "objc"
    done: auth.status == "denied"
    done: log contains "User denied access to location."
    hint: 'reset'، 'launch --flavor objc' و سپس 'auth deny' را وارد کنید.
    recap: در switch زبان C، اجرای case بدون break به case بعدی ادامه می‌یابد: یک وضعیت، سه خط.

    == 12
    title: Objective-C: ردیف‌های خالی، بی‌نشانگر (P8)
    part: اجازه دهید کاربر مکان فعلی را انتخاب کند، در Objective-C
    say:
      PlacesViewController در نسخه‌ی Objective-C هرگز متن خانه را تنظیم نمی‌کند، پس همه‌ی ردیف‌ها
      خالی‌اند؛ و prepareForSegue:sender: آن تهی است، پس مکان انتخاب‌شده هرگز به نقشه نمی‌رسد:
      unwind نقشه را پاک می‌کند و چیزی به آن نمی‌افزاید.

      رد مجوز به‌روزرسانی‌های این اجرا را متوقف کرد: در تنظیمات به موقعیت اجازه دهید و دوباره اجرا
      کنید، 'auth allow' و 'launch --flavor objc'. سپس 'likely' و 'select 1'.
    code: ← [placesViewController tableView:tableView didSelectRowAtIndexPath:…
    code: → [self performSegueWithIdentifier:@"unwindToMain" sender:self]
    code: ← [placesViewController prepareForSegue:segue sender:self] (empty: the map's selectedPlace stays nil, P8)
    code: → [mapView clear]
    api: tableView:cellForRowAtIndexPath:
    api: prepareForSegue:sender:
    type: auth allow
    type: launch --flavor objc
    type: likely
    type: select 1
    done: app.flavor == "objc"
    done: auth.status == "authorizedWhenInUse"
    done: stats.placesRequests >= 3
    done: app.screen == "map"
    done: markers.count == 0
    hint: 'auth allow' و 'launch --flavor objc'، سپس 'likely' و 'select 1' را وارد کنید.
    recap: بدون متن خانه و با prepareForSegue:sender: تهی، فهرست انتخاب Objective-C ردیف‌های خالی نشان می‌دهد و چیزی برنمی‌گرداند.

    == 13
    title: نخستین درخواست، پیش از پاسخ به هشدار (P4)
    part: اجازه دهید کاربر مکان فعلی را انتخاب کند
    optional: yes
    say:
      برگردیم به Swift. viewDidLoad درست پس از requestWhenInUseAuthorization()، پیش از آن‌که کسی
      بتواند به هشدار پاسخ دهد، listLikelyPlaces() را فرا می‌خواند. سرویس‌گیرنده‌ی Places هنوز
      نمی‌تواند از موقعیت استفاده کند و درخواست با locationError (-11) شکست می‌خورد: "Current
      Place error: …".

      آن را رویداد به رویداد تماشا کنید: 'set autorun off' رویدادهای حلقه‌ی اجرا را تا وقتی خودتان
      تحویلشان ندهید نگه می‌دارد. 'reset'، 'set autorun off'، 'launch'، سپس 'events': callback
      مربوط به Places از همین حالا در انتظار است. 'step 2' callback مجوز و هشدار را تحویل می‌دهد؛
      پیش از رسیدن callback با 'auth allow' به هشدار پاسخ دهید، سپس 'step 2': درخواست به هر حال
      شکست می‌خورد. تکلیف آن در لحظه‌ی فرستادن روشن شده بود.
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← locationManager(_:didChangeAuthorization: .notDetermined)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: nil, locationError (-11)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlacesErrorCode.locationError
    type: reset
    type: set autorun off
    type: launch
    type: events
    type: step 2
    type: auth allow
    type: step 2
    done: shell.autorun == false
    done: app.flavor == "swift"
    done: auth.status == "authorizedWhenInUse"
    done: log contains "Current Place error"
    happened: typed set autorun off
    happened: not typed set autorun on
    happened: launch swift
    happened: alert
    happened: answer auth allow
    happened: console Current Place error
    when: shell.autorun == true
    hint: autorun روشن است، پس همه‌ی رویدادها یک‌جا می‌آیند: 'reset'، 'set autorun off'، سپس 'launch'.
    when: log contains "Current Place error"
    hint: callback پیش از پاسخ شما به هشدار آمد: 'reset'، سپس دوباره 'launch'، و به محض ظاهر شدن هشدار 'auth allow'.
    when: auth.prompt == true
    hint: هشدار روی صفحه است: پیش از رسیدن callback مربوط به Places با 'auth allow' به آن پاسخ دهید، سپس 'step 2'.
    when: auth.status == "authorizedWhenInUse"
    hint: با 'step' پیش بروید تا callback مربوط به Places برسد: به هر حال شکست می‌خورد.
    hint: 'reset'، 'set autorun off'، 'launch'، 'step 2'، 'auth allow' و سپس 'step 2' را وارد کنید.
    recap: درخواستی که پیش از پاسخ فرستاده شد شکست می‌خورد: Places در لحظه‌ی فرستادن درباره‌اش تصمیم گرفت.

    == 14
    title: فهرستی خالی پس از "Get Place" (P2)
    part: اجازه دهید کاربر مکان فعلی را انتخاب کند
    optional: yes
    say:
      حلقه‌ی اجرا هنوز منتظر شماست: 'events' نشان می‌دهد منتظر چه چیزی است. اگر موقعیتی در انتظار
      است، با 'step' پیش بروید تا تحویل شود؛ اگر نه (حلقه در گام ۱۳ ادامه یافت)، 'locate
      google-sydney' یکی می‌سازد. هر موقعیت listLikelyPlaces() را فرا می‌خواند که فهرست را بی‌درنگ
      خالی می‌کند و درخواستی می‌فرستد که ۰٫۴ ثانیه بعد پاسخ می‌گیرد. در این فاصله "Get Place" را
      بزنید، 'likely': فهرست انتخاب کپی‌ای از آرایه‌ی خالی می‌گیرد. سپس پاسخ را با 'step' تحویل
      دهید و نگاه کنید: فهرست برنامه پر است ('show likely.count')، اما کپی فهرست انتخاب خالی
      می‌ماند، چون هرگز دوباره بارگذاری نمی‌شود.
    code: ← locationManager(_:didUpdateLocations: […])
    code: → likelyPlaces.removeAll()
    code: → performSegue(withIdentifier: "segueToSelect", sender:)
    code: → prepare(for:sender:): placesViewController.likelyPlaces = likelyPlaces (0, a copy)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    api: prepare(for:sender:)
    type: step
    type: likely
    type: step
    type: show likely.count
    done: picker.open == true
    done: picker.rows.count == 0
    done: likely.count > 0
    happened: step locationManager(_:didUpdateLocations:)
    happened: typed likely
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: typed show likely …
    when: shell.autorun == true
    hint: autorun روشن است، پس پاسخ پیش از آن‌که بتوانید دکمه را بزنید رسید: 'set autorun off'، سپس گام ۱۳ را دوباره بپیمایید ('tutorial goto 13').
    when: picker.rows.count > 0
    hint: فهرست انتخاب پس از رسیدن پاسخ و با فهرست کامل باز شد: 'back'، سپس 'tutorial goto 13' برای تلاش دوباره.
    when: likely.count > 0
    hint: پاسخ رسیده است: فهرست برنامه را با 'show likely.count' ببینید، و فهرست انتخاب را.
    hint: با autorun خاموش: با 'step' پیش بروید تا موقعیتی تحویل شود (اگر هیچ موقعیتی منتظر نیست، 'locate google-sydney')، بی‌درنگ 'likely'، سپس پاسخ Places را با 'step' تحویل دهید و 'show likely.count'.
    recap: فهرست انتخاب همان کپی‌ای را که گرفته نگه می‌دارد، حتی وقتی فهرست برنامه بعداً پر شود.
    after: 'back' و دوباره 'likely': حالا ردیف‌ها سر جایشان‌اند.

    == 15
    title: ردیف‌های تکراری (P3)
    part: اجازه دهید کاربر مکان فعلی را انتخاب کند
    optional: yes
    say:
      listLikelyPlaces() هنگام فراخوانی فهرست را خالی می‌کند و هر پاسخ را هنگام رسیدن به آن
      می‌افزاید. اگر فراخوانی دوم پیش از پاسخ اول بیاید، هر دو پاسخ در همان فهرست می‌نشینند و هر
      مکان دو بار دیده می‌شود.

      دو فراخوانی را هم‌پوشان کنید: 'back' (اگر فهرست انتخاب باز است)، 'locate google-sydney'
      (موقعیتی که ۱ ثانیه بعد می‌رسد)، 'likely'، 'wait 0.7s'، سپس 'select 1': انتخاب درخواستی
      می‌فرستد که ۰٫۴ ثانیه بعد پاسخ می‌گیرد و موقعیت ۰٫۳ ثانیه پس از آن با درخواستی دیگر می‌آید.
      موقعیت را با 'step' تحویل دهید: دو درخواست در راه‌اند. دو 'step' دیگر هر دو پاسخ را تحویل
      می‌دهد و 'likely' فهرست انتخاب را روی فهرست دوبرابرشده باز می‌کند: هر نام دو بار، شماره‌دار.

      فهرست انتخاب پنج ردیف نشان می‌دهد، هر کدام به بلندی یک‌پنجم آن، و پیمایش نمی‌شود: فقط
      ردیف‌های ۱ تا ۵ را می‌توان زد. ردیف‌های پاسخ دوم پس از همه‌ی ردیف‌های پاسخ اول می‌آیند، پس
      اگر دو پاسخ برای دو موقعیت متفاوت بودند، مکان‌های پاسخ تازه‌تر از دسترس بیرون می‌ماندند.
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: → likelyPlaces.removeAll()
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate], callback:)
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: [GMSPlaceLikelihood] × …
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    type: back
    type: locate google-sydney
    type: likely
    type: wait 0.7s
    type: select 1
    type: step
    type: step
    type: step
    type: likely
    done: likely.count == 22
    done: likely[1].name == likely[12].name
    happened: typed select 1
    happened: step locationManager(_:didUpdateLocations:)
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: step findPlaceLikelihoodsFromCurrentLocation callback
    happened: typed likely
    when: shell.autorun == true
    hint: autorun روشن است، پس فراخوانی‌ها هم‌پوشانی ندارند: اول 'set autorun off'.
    when: stats.inFlight >= 2
    hint: دو درخواست در راه‌اند: دو بار 'step' تا هر دو پاسخ تحویل شوند، سپس 'likely'.
    when: likely.count == 22
    hint: پاسخ‌ها رسیده‌اند: 'likely' هر نام را دو بار نشان می‌دهد.
    hint: با autorun خاموش: 'locate google-sydney'، 'likely'، 'wait 0.7s'، 'select 1'، سپس سه بار 'step' و 'likely'.
    recap: دو درخواست در راه، هر دو به یک فهرست می‌افزایند: هر مکان دو بار.
    after: هر نام دو بار آمده است و انگشت فقط به پنج ردیف اول می‌رسد. 'back'، سپس 'set autorun on' حلقه‌ی اجرا را دوباره به حال خود می‌گذارد.

    == 16
    title: پروژه‌ی تازه Current Place ندارد
    part: بخشی ندارد (برنامه‌ی مهاجرت‌داده‌شده به Nearby Search (New))
    say:
      findPlaceLikelihoodsFromCurrentLocation همان Current Place است، بخشی از Places API (Legacy).
      از مارس ۲۰۲۵ پروژه‌ی تازه‌ی Google Cloud دیگر نمی‌تواند این API را فعال کند؛ پروژه‌هایی که آن
      را داشتند نگهش می‌دارند. کد برنامه تغییری نمی‌کند؛ تصمیم با پروژه‌ای است که کلید برنامه به آن
      تعلق دارد: بدون این API هر درخواست با accessNotConfigured (-9) شکست می‌خورد.

      بگذارید حلقه‌ی اجرا دوباره خودش پیش برود، 'set autorun on'، و نشست را پروژه‌ای تازه کنید،
      'project legacy off' (Places API (New) روشن می‌ماند). سپس برنامه را متوقف کنید و بی هیچ تغییری
      دوباره اجرا کنید: 'terminate' و 'launch'. هر درخواستی که برنامه می‌فرستد شکست می‌خورد:
      "Current Place error: … not enabled …"، و یادداشتی راه چاره را نشان می‌دهد.
    code: → placesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: …
    code: ← findPlaceLikelihoodsFromCurrentLocation callback: nil, accessNotConfigured (-9)
    api: GMSPlacesClient.findPlaceLikelihoodsFromCurrentLocation(withPlaceFields:callback:)
    api: GMSPlacesErrorCode.accessNotConfigured
    type: set autorun on
    type: project legacy off
    type: terminate
    type: launch
    done: shell.autorun == true
    done: project.legacy == false
    done: app.flavor == "swift"
    happened: launch swift
    happened: console The Places API for iOS is not enabled
    when: shell.autorun == false
    hint: autorun خاموش است، پس رویدادهای اجرای برنامه منتظر می‌مانند: 'set autorun on'، سپس 'terminate' و 'launch'.
    when: project.legacy == true
    hint: پروژه هنوز Places API (Legacy) دارد: 'project legacy off'، سپس 'terminate' و 'launch'.
    when: app.flavor == "nearby"
    hint: این همان برنامه‌ی مهاجرت‌داده‌شده است؛ این گام برنامه‌ی آموزش را بی هیچ تغییری اجرا می‌کند: 'terminate'، سپس 'launch'.
    when: auth.prompt == true
    hint: هشدار روی صفحه است: 'auth allow'؛ درخواستِ موقعیتی که پس از آن می‌رسد با accessNotConfigured (-9) شکست می‌خورد.
    hint: 'set autorun on' و 'project legacy off' را وارد کنید، سپس 'terminate' و 'launch'.
    recap: بدون Places API (Legacy) در پروژه‌ی کلید، هر درخواست Current Place با accessNotConfigured (-9) شکست می‌خورد.

    == 17
    title: Nearby Search (New) منتظر موقعیت می‌ماند
    part: بخشی ندارد (برنامه‌ی مهاجرت‌داده‌شده به Nearby Search (New))
    say:
      برنامه‌ی مهاجرت‌داده‌شده نسخه‌ی 'nearby' است: همان صفحه‌ها و همان کد موقعیت، فقط
      listLikelyPlaces() برای Nearby Search (New) از نو نوشته شده است، که از نسخه‌ی ۹ از
      GooglePlaces SDK به بعد در دسترس است ('help flavor nearby' کد را نشان می‌دهد). فراخوانی قدیمی
      خودش جای دستگاه را پیدا می‌کرد؛ درخواست تازه درون یک دایره جست‌وجو می‌کند،
      GMSPlaceCircularLocationOption(center, radius)، و مرکز آن را برنامه باید بدهد. اکنون برنامه با
      رسیدن هر موقعیت، پیش از فراخواندن listLikelyPlaces()، آن را در currentLocation نگه می‌دارد؛
      این تابع یک GMSPlaceSearchNearbyRequest می‌سازد و searchNearby(with:completion:) را فرا
      می‌خواند.

      بی موقعیت چیزی فرستاده نمی‌شود، پس درخواستی که در گام ۱۳ پیش از پاسخ به هشدار فرستاده می‌شد
      (P4) دیگر در کار نیست. از نو شروع کنید و تماشا کنید: 'reset'، 'launch --flavor nearby'، 'auth
      allow'. viewDidLoad پیام "Nearby search skipped: no location yet." را چاپ می‌کند؛ پس از پاسخ،
      نخستین موقعیت نخستین جست‌وجو را می‌فرستد.
    code: ← guard let location = currentLocation else { … return }
    code: → currentLocation = locations.last
    code: → request = GMSPlaceSearchNearbyRequest(locationRestriction: …
    code: → placesClient.searchNearby(with: request, completion:)
    code: ← searchNearby completion: GMSPlaceSearchNearbyResponse(places: [GMSPlace] × …
    api: GMSPlaceSearchNearbyRequest(locationRestriction:placeProperties:)
    api: GMSPlaceCircularLocationOption(_:_:)
    api: GMSPlacesClient.searchNearby(with:completion:)
    type: reset
    type: launch --flavor nearby
    type: auth allow
    done: app.flavor == "nearby"
    done: likely.count > 0
    done: likely[1].likelihood == nil
    happened: launch nearby
    happened: console Nearby search skipped: no location yet.
    happened: answer auth allow
    happened: console Location:
    when: shell.autorun == false
    hint: autorun خاموش است، پس رویدادها منتظر می‌مانند: 'set autorun on'، سپس 'reset'، 'launch --flavor nearby' و 'auth allow'.
    when: project.newAPI == false
    hint: پروژه Places API (New) را هم ندارد: 'project new-api on'، سپس 'reset'، 'launch --flavor nearby' و 'auth allow'.
    when: auth.prompt == true
    hint: هشدار روی صفحه است: 'auth allow'؛ سپس نخستین موقعیت نخستین جست‌وجو را می‌فرستد.
    when: app.flavor == "nearby"
    hint: در این گام باید در برنامه‌ی مهاجرت‌داده‌شده به هشدار پاسخ دهید: 'reset'، سپس 'launch --flavor nearby' و 'auth allow'.
    hint: 'reset'، 'launch --flavor nearby' و سپس 'auth allow' را وارد کنید.
    recap: برنامه‌ی مهاجرت‌داده‌شده تا موقعیتی مرکزی به آن ندهد چیزی نمی‌فرستد؛ از آن پس هر موقعیت، دایره‌ی پیرامون خود را جست‌وجو می‌کند.

    == 18
    title: placeProperties همان ماسک فیلدهاست (P1)
    part: بخشی ندارد (برنامه‌ی مهاجرت‌داده‌شده به Nearby Search (New))
    say:
      درخواست تازه withPlaceFields: ندارد. این نقش را placeProperties آن بر عهده دارد، و برنامه فقط
      [GMSPlaceProperty.name, .coordinate] را درخواست می‌کند: نشانگر، مثل گام ۸، باز هم snippet
      نخواهد داشت. ('fields' ماسک فراخوانی قدیمی را تعیین می‌کرد؛ درخواست تازه آن را نمی‌خواند.)

      نشانی را بیفزایید، 'nearby fields +formattedAddress'، سپس مثل Xcode دوباره بسازید و اجرا کنید:
      'terminate'، 'launch --flavor nearby'. 'likely' و 'select 1' نشانگری با snippet می‌دهند.
      هزینه‌ی هر درخواست با SKU گران‌ترین ویژگی آن حساب می‌شود؛ name، coordinate و formattedAddress
      همه در Nearby Search Pro هستند، و 'nearby' نشان می‌دهد درخواست با کدام SKU حساب می‌شود.
    code: → request = GMSPlaceSearchNearbyRequest(locationRestriction: …
    code: → marker.snippet = "…"
    api: GMSPlaceProperty.formattedAddress
    api: GMSPlaceSearchNearbyRequest.placeProperties
    type: nearby fields +formattedAddress
    type: terminate
    type: launch --flavor nearby
    type: likely
    type: select 1
    done: nearby.fields contains "formattedAddress"
    done: nearby.fields contains "name"
    done: nearby.fields contains "coordinate"
    done: app.flavor == "nearby"
    done: markers[1].snippet != nil
    when: nearby.fields !contains "name"
    hint: ویژگی‌هایی که دادید جای کل فهرست را گرفتند و name در آن نیست: 'nearby fields reset'، سپس 'nearby fields +formattedAddress'.
    when: nearby.fields !contains "coordinate"
    hint: ویژگی‌هایی که دادید جای کل فهرست را گرفتند و coordinate در آن نیست: 'nearby fields reset'، سپس 'nearby fields +formattedAddress'.
    when: app.flavor != "nearby"
    hint: این گام درباره‌ی برنامه‌ی مهاجرت‌داده‌شده است: 'terminate'، 'launch --flavor nearby'، سپس 'likely' و 'select 1'.
    when: nearby.fields contains "formattedAddress"
    hint: ویژگی‌ها درست‌اند، اما فهرست از درخواستی آمده که پیش از این تغییر فرستاده شده بود: 'terminate'، 'launch --flavor nearby'، سپس 'likely' و 'select 1'.
    hint: 'nearby fields +formattedAddress' را وارد کنید، سپس دوباره بسازید و اجرا کنید: 'terminate'، 'launch --flavor nearby'، سپس 'likely' و 'select 1'.
    recap: ویژگی‌ای که درخواست نخواسته باشد nil است، همان‌طور که فیلد بود: formattedAddress دوباره جای snippet را پر می‌کند.

    == 19
    title: محبوبیت یا فاصله: ترتیب، خودِ پاسخ است
    part: بخشی ندارد (برنامه‌ی مهاجرت‌داده‌شده به Nearby Search (New))
    say:
      Current Place برای هر مکان احتمالی می‌داد. Nearby Search (New) هیچ احتمالی نمی‌دهد
      (likely[1].likelihood برابر nil است): ترتیب تنها چیزی است که می‌گوید. به طور پیش‌فرض، با
      rankPreference .popularity، محبوب‌ترین مکان‌های درون دایره اول می‌آیند ('help popularity' نشان
      می‌دهد placeshell چگونه به آن‌ها امتیاز می‌دهد)، و نزدیک‌ترین مکان ممکن است خیلی پایین‌تر در
      فهرست باشد.

      برای پاسخ به "کجا هستم؟"، نزدیک‌ترین مکان حدس بهتری است. بر پایه‌ی فاصله رتبه‌بندی کنید،
      'nearby rank distance'، و دایره را از ۵۰۰ متر به ۲۵۰ متر کوچک کنید، 'nearby radius 250m' (SDK
      از ۰ تا ۵۰٬۰۰۰ متر را می‌پذیرد). دوباره بسازید و اجرا کنید، 'terminate' و 'launch --flavor
      nearby'، و "Get Place" را بزنید، 'likely': نزدیک‌ترین مکان اول می‌آید و همه‌ی مکان‌ها در شعاع
      ۲۵۰ متری‌اند.
    code: → request.rankPreference = .distance
    code: ← searchNearby completion: GMSPlaceSearchNearbyResponse(places: [GMSPlace] × …
    api: GMSPlaceSearchNearbyRankPreference.distance
    api: GMSPlaceCircularLocationOption(_:_:)
    type: nearby rank distance
    type: nearby radius 250m
    type: terminate
    type: launch --flavor nearby
    type: likely
    done: nearby.rank == "distance"
    done: nearby.radius <= 250
    done: app.flavor == "nearby"
    done: app.screen == "picker"
    done: likely.count >= 2
    done: likely[1].distance <= likely[2].distance
    done: likely[1].likelihood == nil
    happened: launch nearby
    happened: typed likely
    when: nearby.rank != "distance"
    hint: مکان‌ها هنوز بر پایه‌ی محبوبیت مرتب شده‌اند: 'nearby rank distance'.
    when: nearby.radius > 250
    hint: دایره هنوز بزرگ‌تر از ۲۵۰ متر است: 'nearby radius 250m'.
    when: app.screen == "picker"
    hint: فهرست روی صفحه از درخواستی آمده که پیش از این تغییر فرستاده شده بود: 'back'، 'terminate'، 'launch --flavor nearby'، سپس 'likely'.
    hint: 'nearby rank distance' و 'nearby radius 250m' را وارد کنید، سپس 'terminate'، 'launch --flavor nearby' و 'likely'.
    recap: بدون احتمال، رتبه‌بندی خودِ پاسخ است: .distance نزدیک‌ترین مکان درون دایره را اول می‌گذارد.

    == 20
    title: نه بیش از آنچه فهرست انتخاب نشان می‌دهد
    part: بخشی ندارد (برنامه‌ی مهاجرت‌داده‌شده به Nearby Search (New))
    say:
      فهرست انتخاب پنج ردیف نشان می‌دهد و پیمایش نمی‌شود (گام ۱۵): هر مکانی پس از پنجمی از دسترس
      بیرون است، با این حال درخواست تا ۲۰ مکان می‌خواهد، یعنی مقدار پیش‌فرض maxResultCount. فقط به
      اندازه‌ی آنچه صفحه نشان می‌دهد بخواهید: 'nearby max 5' (SDK از ۱ تا ۲۰ را می‌پذیرد).

      دوباره بسازید و اجرا کنید، 'terminate' و 'launch --flavor nearby'، سپس 'likely' و 'select 1':
      حداکثر پنج ردیف، و نشانگری با نشانی روی نخستین مکان. مهاجرت همین است: همان صفحه‌ها، درخواستی
      که پیرامون آخرین موقعیت ساخته می‌شود، و فهرستی رتبه‌بندی‌شده بدون احتمال.
    code: → request.maxResultCount = 5
    code: → marker.snippet = "…"
    api: GMSPlaceSearchNearbyRequest.maxResultCount
    type: nearby max 5
    type: terminate
    type: launch --flavor nearby
    type: likely
    type: select 1
    done: nearby.max == 5
    done: app.flavor == "nearby"
    done: likely.count > 0
    done: likely.count <= 5
    done: app.screen == "map"
    done: markers[1].snippet != nil
    happened: launch nearby
    happened: typed likely
    happened: typed select …
    when: nearby.max != 5
    hint: maxResultCount برابر ۵ نیست: 'nearby max 5'.
    when: likely.count > 5
    hint: فهرست از درخواستی آمده که پیش از این تغییر فرستاده شده بود: 'terminate'، 'launch --flavor nearby'، سپس 'likely' و 'select 1'.
    when: app.screen == "picker"
    hint: اکنون حداکثر پنج ردیف هست: 'select 1' نخستین مکان را روی نقشه می‌گذارد.
    hint: 'nearby max 5' را وارد کنید، سپس 'terminate'، 'launch --flavor nearby'، 'likely' و 'select 1'.
    recap: با maxResultCount برابر ۵، برنامه بیش از آنچه فهرست انتخاب می‌تواند نشان دهد نمی‌خواهد.
    after: 'tap marker 1' نام و نشانی را نشان می‌دهد. 'project legacy on' پروژه را دوباره به پروژه‌ای قدیمی‌تر تبدیل می‌کند.
    """#
