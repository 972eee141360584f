let tutorialTextVI = #"""
    # The guided tutorial, in Vietnamese: what `tutorial` shows, step by step.
    # The format is described at the top of en.swift; only the text is translated here.

    language: vi
    name: Tiếng Việt
    message.welcome: Phần hướng dẫn này đưa bạn đi qua ứng dụng mẫu trong {total} bước. Mỗi bước cho biết bước đó thuộc phần nào của hướng dẫn gốc, ứng dụng làm gì, các lệnh gọi của ứng dụng theo cách 'trace' in ra, và bạn cần nhập gì; khi phiên cho thấy bước đã hoàn tất, hướng dẫn sẽ chuyển sang bước tiếp theo. 'tutorial list' liệt kê các bước, 'tutorial stop' kết thúc hướng dẫn.
    message.step: Bước {n}/{total}: {title}
    message.optional: (không bắt buộc)
    message.part: Trong hướng dẫn: {part}
    message.code: Các lệnh gọi, theo cách 'trace' hiển thị:
    message.api: API:
    message.type: Hãy nhập:
    message.done: ✓ đã xong bước {n}: {title}
    message.doneToo: ✓ cũng đã xong bước {n}: {title}
    message.already: Phiên của bạn đã cho thấy bước này hoàn tất: nhập 'tutorial next' để tiếp tục.
    message.hint: tutorial: {hint}
    message.hintNow: Bước {n}: {hint}
    message.replayed: Hướng dẫn đã tự động nhập (không hiển thị) các lệnh của những bước trước ({steps}): phiên hiện đang ở đúng điểm bắt đầu của bước này.
    message.range: {first}–{last}
    message.forgotten: Tiến trình của hướng dẫn đã được xoá: chưa có bước nào hoàn tất. Nhập 'tutorial' để bắt đầu lại từ bước 1.
    message.finished: Đó là bước cuối cùng: bạn đã hoàn tất hướng dẫn. Nhập 'tutorial list' để xem các bước, hoặc 'tutorial restart' để làm lại từ đầu.
    message.stopped: Hướng dẫn đã dừng ở bước {n}. Nhập 'tutorial' để tiếp tục.
    message.notRunning: Chưa có hướng dẫn nào đang chạy: nhập 'tutorial' để bắt đầu.
    message.first: Đây là bước đầu tiên.
    message.last: Đây là bước cuối cùng.
    message.language: Ngôn ngữ của hướng dẫn: {title}. Các ngôn ngữ hiện có: {list}.
    message.list: Các bước của hướng dẫn (đã xong {done}/{total}; ✓ đã xong, → bước hiện tại):
    message.noStep: hướng dẫn có các bước từ 1 đến {total}; không có bước {n}
    message.noStepHelp: 'tutorial list' liệt kê các bước
    message.noLanguage: hướng dẫn không có nội dung bằng '{code}'
    message.languages: các ngôn ngữ: {list}
    message.replayFailed: không thể đưa phiên đến bước {n}: lệnh '{command}' của bước {step} đã thất bại
    message.replayStuck: không thể đưa phiên đến bước {n}: bước {step} chưa hoàn tất sau khi chạy các lệnh của bước đó

    == 1
    title: Khởi động ứng dụng
    part: Yêu cầu quyền truy cập thông tin vị trí
    say:
      Màn hình bản đồ thực hiện công việc của mình trong MapViewController.viewDidLoad(). Để theo
      dõi quá trình này, trước tiên hãy bật trace bằng 'trace on': trace in ra từng lệnh gọi mà ứng
      dụng thực hiện (→) và từng lệnh gọi mà ứng dụng nhận được (←), ngay khi lệnh gọi đó diễn ra.
      Sau đó, hãy khởi động ứng dụng bằng 'launch'.

      viewDidLoad tạo một CLLocationManager, đặt desiredAccuracy thành kCLLocationAccuracyBest rồi
      gọi requestWhenInUseAuthorization(). Vì chưa ai trả lời (trạng thái là notDetermined), iOS
      hiển thị hộp thoại yêu cầu cấp quyền, kèm theo nội dung của
      NSLocationWhenInUseUsageDescription trong Info.plist.
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
    hint: yêu cầu cấp quyền đã được trả lời nên hộp thoại sẽ không xuất hiện: nhập 'reset' (Erase All Content and Settings), rồi 'trace on' và 'launch'.
    when: app.running == true
    hint: ứng dụng đã khởi động khi chưa bật trace: nhập 'terminate', rồi 'trace on' và 'launch' lại.
    hint: hãy nhập 'trace on', rồi 'launch' để khởi động ứng dụng.
    recap: viewDidLoad đã tạo trình quản lý vị trí và yêu cầu cấp quyền; iOS đã hiển thị hộp thoại.

    == 2
    title: Trả lời hộp thoại
    part: Yêu cầu quyền truy cập thông tin vị trí
    say:
      Core Location báo trạng thái cho locationManager(_:didChangeAuthorization:): ứng dụng đã in
      dòng "Location status not determined." cùng với dòng về độ chính xác.

      Hãy nhấn "Allow While Using App" bằng 'auth allow'. Trạng thái chuyển thành
      authorizedWhenInUse, Core Location gọi lại delegate, và delegate in "Location status is OK."
      ra bảng điều khiển. (Dòng "Current Place error" sau khi khởi động là lỗi thường gặp P4: bước
      13 sẽ quay lại vấn đề này.)
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
    hint: bạn đã chọn "Don't Allow": 'reset' sẽ xoá câu trả lời (Erase All Content and Settings); sau đó nhập 'launch' và 'auth allow'.
    when.happened: answer auth allow --approximate
    hint: bạn đã tắt "Precise": nhập 'reset', rồi 'launch' và 'auth allow' không kèm --approximate.
    when: auth.prompt == true
    hint: hộp thoại đang hiển thị trên màn hình: hãy trả lời bằng 'auth allow'.
    when: auth.status != "notDetermined"
    hint: quyền đã được cấp mà không qua hộp thoại bạn cần trả lời (trong phần Cài đặt hoặc trước khi bắt đầu hướng dẫn): nhập 'reset', rồi 'launch' và 'auth allow'.
    hint: hãy nhập 'auth allow' để trả lời hộp thoại (không kèm --approximate: trước hết cần vị trí chính xác); nếu hộp thoại đã biến mất, 'reset' và 'launch' sẽ làm nó xuất hiện lại.
    recap: "Allow While Using App" đã chuyển trạng thái thành authorizedWhenInUse và delegate đã nhận được thông báo đó.

    == 3
    title: Thiết lập trình quản lý vị trí
    part: Thiết lập trình quản lý vị trí
    say:
      Vẫn trong viewDidLoad, ứng dụng đặt distanceFilter thành 50 (mét), gọi startUpdatingLocation()
      và tự đặt mình làm delegate của trình quản lý. Từ đó, Core Location gửi thông tin cập nhật vị
      trí đến locationManager(_:didUpdateLocations:); ứng dụng lấy vị trí cuối cùng và in ra
      "Location: …", tức nội dung mô tả của CLLocation.

      Chưa có thông tin vị trí nào được gửi đến và bản đồ vẫn bị ẩn: 'explain' sẽ cho bạn biết lý
      do. Thiết bị mô phỏng chưa có vị trí (Features ▸ Location ▸ None), nên một giây sau khi được
      cấp quyền, Core Location đã báo điều đó: didFailWithError với kCLErrorLocationUnknown, chính
      là dòng "Error: … Code=0". Phương thức didFailWithError của ứng dụng gọi
      stopUpdatingLocation(), nên việc cập nhật vị trí bị tắt hẳn (lỗi thường gặp P5): chỉ đặt vị
      trí thôi thì ứng dụng sẽ không nhận được nữa. Hãy đặt thiết bị tại vị trí mặc định của hướng
      dẫn ở Pyrmont, Sydney, giống như trình đơn Features ▸ Location của trình mô phỏng, bằng
      'locate sydney', rồi khởi động lại ứng dụng bằng 'launch': quyền vẫn được giữ nguyên,
      viewDidLoad bắt đầu cập nhật vị trí lại từ đầu và một giây sau vị trí sẽ được gửi đến.
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
    hint: ứng dụng không chạy: nhập 'locate sydney', rồi 'launch' (quyền vẫn được giữ nguyên).
    when: auth.status == "denied"
    hint: quyền truy cập vị trí đã bị từ chối: nhập 'auth allow' trong phần Cài đặt, rồi khởi động lại bằng 'terminate' và 'launch'. Khi bị từ chối, việc cập nhật vị trí sẽ dừng cho đến lần khởi động ứng dụng tiếp theo.
    when: why.noFix == "P5"
    hint: ứng dụng đã dừng cập nhật vị trí sau lỗi vị trí (P5): nhập 'locate sydney' nếu thiết bị chưa có vị trí, rồi khởi động lại ứng dụng bằng 'launch'.
    hint: hãy nhập 'locate sydney' để đặt vị trí cho thiết bị, rồi 'launch' để bắt đầu cập nhật vị trí lại.
    recap: Để nhận được vị trí, thiết bị cần có vị trí và việc cập nhật phải đang chạy; phương thức didFailWithError của ứng dụng tắt việc cập nhật cho đến hết lần chạy.

    == 4
    title: Thêm bản đồ
    part: Thêm bản đồ
    say:
      viewDidLoad cũng đã tạo bản đồ: hàm này tạo một GMSCameraPosition tại vị trí mặc định
      (-33.869405, 151.199) với mức thu phóng 15 (hoặc 10 khi vị trí là gần đúng), gọi
      GMSMapView.map(withFrame:camera:), bật chấm vị trí của tôi cùng nút vị trí của tôi, rồi đặt
      mapView.isHidden = true: bản đồ bị ẩn cho đến khi có vị trí đầu tiên. Vị trí đầu tiên đó đã
      làm bản đồ hiện ra và đặt mapView.camera ngay lập tức. Các vị trí sau sẽ di chuyển camera bằng
      mapView.animate(to:).

      Chỉ khi thiết bị cách vị trí trước ít nhất bằng bộ lọc khoảng cách, tức 50 m, thì mới có vị
      trí mới. Hãy di chuyển thiết bị 30 m về phía nam, 'locate -33.869675 151.199': không có gì xảy
      ra. Sau đó di chuyển 100 m, 'locate -33.870305 151.199': có vị trí mới và camera di chuyển
      theo. Tiếp theo, hãy vẽ bản đồ như trên màn hình điện thoại, 'map': các địa điểm xung quanh,
      chấm màu xanh lam ở vị trí của bạn và thước tỷ lệ.
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
    hint: ứng dụng đã dừng cập nhật vị trí sau một lỗi vị trí (P5): khởi động lại bằng 'terminate' rồi 'launch'.
    when: stats.locationUpdates == 1
    hint: vị trí đầu tiên đã đến và sẽ không có vị trí nào khác cho đến khi thiết bị di chuyển cách đó hơn 50 m: 'locate -33.870305 151.199'.
    when: stats.locationUpdates >= 2
    hint: camera đã di chuyển theo vị trí mới: hãy vẽ bản đồ bằng 'map'.
    hint: hãy di chuyển thiết bị ra xa vị trí nhận được gần đây nhất hơn 50 m: 'locate -33.870305 151.199'.
    recap: Vị trí đầu tiên làm bản đồ hiện ra và đặt camera; vị trí mới chỉ đến khi thiết bị vượt quá bộ lọc 50 m, và camera di chuyển theo.

    == 5
    title: Yêu cầu các địa điểm có khả năng
    part: Cho phép người dùng chọn địa điểm hiện tại
    say:
      Mỗi lần nhận được vị trí mới, ứng dụng đều kết thúc bằng lệnh gọi listLikelyPlaces(). Hàm này
      xoá sạch mảng likelyPlaces của ứng dụng rồi gọi
      findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate]) của
      GMSPlacesClient. Lệnh gọi lại nhận các giá trị GMSPlaceLikelihood, theo thứ tự từ khả năng cao
      nhất, và ứng dụng thêm địa điểm của từng giá trị vào mảng. viewDidLoad cũng đã gửi một yêu
      cầu, và mỗi lần chọn lại gửi thêm một yêu cầu nữa: mỗi lệnh gọi là một yêu cầu Find Current
      Place bị tính phí ('stats' đếm số yêu cầu này).

      Nút "Get Place" chuyển sang PlacesViewController bằng một segue, và prepare(for:sender:)
      truyền mảng cho bộ điều khiển đó. Trong Swift, mảng là kiểu giá trị: màn hình chọn nhận được
      một bản sao của danh sách tại đúng thời điểm đó. Hãy nhấn nút này: 'likely'.
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
    hint: danh sách trống và sẽ vẫn trống: một lỗi vị trí đã dừng việc cập nhật (P5), nên không có vị trí nào gửi yêu cầu. Khởi động lại bằng 'terminate' rồi 'launch'.
    when: app.screen == "picker"
    hint: bảng trống: màn hình chọn đã nhận bản sao của danh sách trước khi có phản hồi. Nhập 'back', rồi 'likely' lại.
    hint: hãy nhập 'likely' để nhấn "Get Place".
    recap: Mỗi lần nhận vị trí, ứng dụng hỏi Places về các địa điểm có khả năng; "Get Place" truyền cho màn hình chọn một bản sao của danh sách.

    == 6
    title: Cho người dùng chọn
    part: Cho phép người dùng chọn địa điểm hiện tại
    say:
      Màn hình chọn hiển thị mỗi địa điểm trên một hàng, với place.name là văn bản của ô, năm hàng
      trên một màn hình. Khi nhấn vào một hàng, ứng dụng đặt selectedPlace và thực hiện unwind segue
      để quay lại bản đồ. Trước khi unwind diễn ra, prepare(for:sender:) của màn hình chọn sẽ chuyển
      lựa chọn đi: hàm này đặt selectedPlace của bộ điều khiển bản đồ. Sau đó đến
      unwindToMain(segue:). ('back' thoát ra mà không chọn gì, và không có gì thay đổi.)

      Hãy chọn địa điểm đầu tiên, có khả năng cao nhất: 'select 1'.
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
    hint: màn hình chọn đang đóng: 'likely' để mở, rồi 'select 1'.
    hint: hãy nhập 'select 1' để nhấn vào hàng đầu tiên.
    recap: Thao tác nhấn đã đặt selectedPlace, prepare(for:sender:) đã chuyển địa điểm đó cho bộ điều khiển bản đồ, và unwind segue đã quay lại.

    == 7
    title: Thêm điểm đánh dấu
    part: Thêm điểm đánh dấu vào bản đồ
    say:
      unwindToMain(segue:) gọi mapView.clear() để xoá điểm đánh dấu trước đó, rồi tạo
      GMSMarker(position: place.coordinate), đặt tiêu đề thành place.name và đoạn trích (snippet)
      thành place.formattedAddress, sau đó đặt điểm đánh dấu lên bản đồ bằng marker.map = mapView.
      Tiếp theo, hàm này gọi lại listLikelyPlaces(). Camera không di chuyển đến điểm đánh dấu, và
      cửa sổ thông tin cũng không tự mở.

      Hãy nhấn vào điểm đánh dấu để mở cửa sổ thông tin: 'tap marker 1'. Xem cửa sổ hiển thị những
      gì. Sau đó, chụp màn hình điện thoại bằng 'snapshot marker.svg' và mở tệp đó trong trình
      duyệt.
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
    hint: cửa sổ thông tin đang mở: 'snapshot marker.svg' sẽ vẽ màn hình.
    hint: hãy nhập 'tap marker 1' để mở cửa sổ thông tin của điểm đánh dấu ('markers' liệt kê các điểm đánh dấu), rồi 'snapshot marker.svg'.
    recap: unwindToMain(segue:) đã xoá bản đồ và đặt một điểm đánh dấu tại địa điểm được chọn, với tiêu đề là tên của địa điểm.

    == 8
    title: Thiếu đoạn trích (P1)
    part: Cho phép người dùng chọn địa điểm hiện tại
    say:
      Cửa sổ thông tin chỉ hiển thị tiêu đề mà không có địa chỉ: đoạn trích là nil. Giá trị này lấy
      từ place.formattedAddress, trong khi ứng dụng chỉ yêu cầu [.name, .coordinate]; trường nào của
      GMSPlace không được yêu cầu thì có giá trị nil. Đây là lỗi thường gặp P1, nằm ngay trong mã
      của hướng dẫn.

      Cách khắc phục là yêu cầu trường đó: trong ứng dụng là withPlaceFields: [.name, .coordinate,
      .formattedAddress]; còn ở đây là 'fields +formattedAddress'. Trường này vẫn được tính phí theo
      mức Basic Data. Trong Xcode, khi thay đổi mã, bạn phải dừng ứng dụng, tạo bản dựng rồi chạy
      lại; ở đây cũng vậy: 'terminate', rồi 'launch'. Các yêu cầu của ứng dụng mới sẽ hỏi cả địa
      chỉ, nên 'likely' và 'select 1' sẽ tạo ra một điểm đánh dấu có đoạn trích.
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
    hint: các trường bạn nhập đã thay thế toàn bộ mặt nạ trường, và trong đó không có name: các hàng bị trống và điểm đánh dấu không có tiêu đề. Dùng '+' để thêm một trường: 'fields reset', rồi 'fields +formattedAddress'.
    when: fields !contains "coordinate"
    hint: các trường bạn nhập đã thay thế toàn bộ mặt nạ trường, và trong đó không có coordinate: điểm đánh dấu không nằm ở đâu cả. Dùng '+' để thêm một trường: 'fields reset', rồi 'fields +formattedAddress'.
    when: fields contains "formattedAddress"
    hint: các trường đã đúng; nhưng ứng dụng đang chạy được tạo trước khi thay đổi, giống như trong Xcode: 'terminate', 'launch', rồi 'likely' và 'select 1'.
    hint: hãy nhập 'fields +formattedAddress', rồi tạo bản dựng và chạy lại như trong Xcode: 'terminate', 'launch', sau đó 'likely' và 'select 1'.
    recap: Một trường của GMSPlace sẽ là nil nếu yêu cầu không hỏi đến trường đó: formattedAddress cung cấp nội dung cho đoạn trích.
    after: 'tap marker 1': giờ đây cửa sổ thông tin hiển thị địa chỉ bên dưới tên.

    == 9
    title: Bị từ chối
    part: Yêu cầu quyền truy cập thông tin vị trí
    say:
      Điều gì xảy ra nếu người dùng nhấn "Don't Allow"? Hãy bắt đầu lại: 'reset' tương ứng với Erase
      All Content and Settings của trình mô phỏng (lệnh này đóng ứng dụng và xoá câu trả lời; thiết
      bị vẫn giữ vị trí). Sau đó nhập 'launch' và 'auth deny'.

      Trạng thái chuyển thành denied. Ứng dụng in ra "User denied access to location." và cho hiện
      bản đồ, nhưng bản đồ vẫn đứng yên ở vị trí mặc định tại Sydney. Sau đó Core Location gọi
      locationManager(_:didFailWithError:) với mã 1 của kCLErrorDomain, và ứng dụng gọi
      stopUpdatingLocation(): ngay cả khi sau này người dùng cho phép trong phần Cài đặt, ứng dụng
      cũng không nhận được vị trí nào cho đến lần khởi động tiếp theo (P5). Mọi yêu cầu Places đều
      thất bại với locationError (-11), nên "Get Place" hiển thị một bảng trống: hãy nhấn nút đó,
      'likely', rồi hỏi lý do, 'explain'.
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
    hint: bảng của màn hình chọn đang trống: 'likely' sẽ mở màn hình này, và 'explain' cho biết lý do.
    hint: hãy nhập 'reset', 'launch', rồi 'auth deny' để trả lời hộp thoại bằng "Don't Allow".
    recap: Bị từ chối: bản đồ hiển thị vị trí mặc định, việc cập nhật dừng cho đến lần khởi động tiếp theo, và mọi yêu cầu Places đều thất bại.

    == 10
    title: Vị trí gần đúng (P12)
    part: Thêm bản đồ
    say:
      Từ iOS 14, hộp thoại có thêm nút gạt "Precise". Khi tắt nút này, ứng dụng nhận được
      reducedAccuracy: vị trí thô (ở đây được làm tròn đến khoảng 2 km, tối đa một lần mỗi 15 phút).
      Mỗi lần nhận vị trí, ứng dụng Swift đọc accuracyAuthorization và thu phóng về mức 10, tức cả
      một thành phố, thay vì 15.

      Hãy xoá dữ liệu lần nữa và cho phép với "Precise" đã tắt: 'reset', 'launch', 'auth allow
      --approximate'. Ứng dụng in ra "Location accuracy is not precise." và mức thu phóng của camera
      là 10 ('camera').
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
    hint: hãy nhập 'reset', 'launch', rồi 'auth allow --approximate' ("Allow While Using App" với "Precise" đã tắt).
    recap: Khi tắt "Precise", vị trí nhận được vừa thô vừa thưa, và ứng dụng Swift thu nhỏ về mức 10.

    == 11
    title: Objective-C: switch chạy tràn xuống (P7)
    part: Yêu cầu quyền truy cập thông tin vị trí, bằng Objective-C
    say:
      Hướng dẫn còn có một phiên bản Objective-C của cùng đoạn mã này. Lệnh gọi lại xử lý quyền của
      phiên bản đó là một câu lệnh switch của C, trong đó chỉ có case restricted kết thúc bằng
      break: mỗi case đều chạy tiếp xuống các case bên dưới. (Ngoài ra, phiên bản này vẫn thu phóng
      ở mức 15 ngay cả khi vị trí là gần đúng: lỗi P12.)

      Hãy khởi động phiên bản này và từ chối: 'reset', 'launch --flavor objc', 'auth deny'. Sau
      "User denied access to location." là "Location status not determined." và "Location status is
      OK.": cả hai dòng đều sai. Các dòng này do NSLog in ra, có ngày giờ và tên tiến trình ở đầu.
    code: ← [mapViewController locationManager:manager didChangeAuthorizationStatus:…
    code: → [manager stopUpdatingLocation]
    api: locationManager:didChangeAuthorizationStatus:
    type: reset
    type: launch --flavor objc
    type: auth deny
    done: app.flavor == "objc"
    done: auth.status == "denied"
    done: log contains "User denied access to location."
    hint: hãy nhập 'reset', 'launch --flavor objc', rồi 'auth deny'.
    recap: Một case trong switch của C không có break sẽ chạy tiếp sang case kế tiếp: một trạng thái, ba dòng.

    == 12
    title: Objective-C: hàng trống, không có điểm đánh dấu (P8)
    part: Cho phép người dùng chọn địa điểm hiện tại, bằng Objective-C
    say:
      PlacesViewController bản Objective-C không bao giờ đặt văn bản cho ô, nên hàng nào cũng trống;
      còn prepareForSegue:sender: của nó lại rỗng, nên địa điểm được chọn không bao giờ đến được bản
      đồ: unwind segue xoá bản đồ và không thêm gì cả.

      Lần từ chối trước đã dừng việc cập nhật trong lần chạy này: hãy cho phép vị trí trong phần Cài
      đặt rồi khởi động lại, 'auth allow' và 'launch --flavor objc'. Sau đó nhập 'likely' và 'select
      1'.
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
    hint: hãy nhập 'auth allow' và 'launch --flavor objc', rồi 'likely' và 'select 1'.
    recap: Không có văn bản trong ô và prepareForSegue:sender: rỗng, nên màn hình chọn bản Objective-C hiển thị các hàng trống và không trả về gì.

    == 13
    title: Yêu cầu đầu tiên chạy trước hộp thoại (P4)
    part: Cho phép người dùng chọn địa điểm hiện tại
    optional: yes
    say:
      Quay lại với Swift. viewDidLoad gọi listLikelyPlaces() ngay sau
      requestWhenInUseAuthorization(), trước khi ai đó kịp trả lời hộp thoại. GMSPlacesClient chưa
      dùng được vị trí, nên yêu cầu thất bại với locationError (-11): "Current Place error: …".

      Hãy theo dõi từng sự kiện một: 'set autorun off' giữ các sự kiện của run loop lại cho đến khi
      bạn tự gửi chúng đi. Nhập 'reset', 'set autorun off', 'launch', rồi 'events': lệnh gọi lại của
      Places đã ở trạng thái chờ. 'step 2' gửi lệnh gọi lại về quyền và hộp thoại; hãy trả lời bằng
      'auth allow' trước khi lệnh gọi lại đến, rồi nhập 'step 2': yêu cầu vẫn thất bại. Yêu cầu đã
      được đánh giá ngay lúc gửi đi.
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
    hint: autorun đang bật nên mọi sự kiện đến cùng lúc: nhập 'reset', 'set autorun off', rồi 'launch'.
    when: log contains "Current Place error"
    hint: lệnh gọi lại đã đến trước khi bạn trả lời hộp thoại: nhập 'reset', rồi 'launch' lại, và 'auth allow' ngay khi hộp thoại xuất hiện.
    when: auth.prompt == true
    hint: hộp thoại đang hiển thị: hãy trả lời bằng 'auth allow' trước khi lệnh gọi lại của Places đến, rồi nhập 'step 2'.
    when: auth.status == "authorizedWhenInUse"
    hint: nhập 'step' cho đến khi lệnh gọi lại của Places đến: yêu cầu vẫn thất bại.
    hint: hãy nhập 'reset', 'set autorun off', 'launch', 'step 2', 'auth allow', rồi 'step 2'.
    recap: Yêu cầu được gửi trước khi có câu trả lời sẽ thất bại: Places đã đánh giá yêu cầu ngay lúc gửi đi.

    == 14
    title: Danh sách trống khi nhấn "Get Place" (P2)
    part: Cho phép người dùng chọn địa điểm hiện tại
    optional: yes
    say:
      Run loop vẫn đang chờ bạn: 'events' cho biết đang chờ gì. Nếu có một vị trí đang chờ, hãy nhập
      'step' cho đến khi vị trí đó được gửi đi; nếu không có (run loop đã chạy tiếp ở bước 13),
      'locate google-sydney' sẽ tạo một vị trí. Mỗi lần có vị trí mới, ứng dụng đều gọi
      listLikelyPlaces(), hàm này xoá sạch danh sách ngay lập tức rồi gửi một yêu cầu, và yêu cầu đó
      được phản hồi sau 0,4 giây. Hãy nhấn "Get Place" trong khoảng thời gian đó, 'likely': màn hình
      chọn nhận được bản sao của mảng trống. Sau đó dùng 'step' để gửi phản hồi và quan sát: danh
      sách của ứng dụng đã đầy ('show likely.count'), nhưng bản sao của màn hình chọn vẫn trống vì
      màn hình này không bao giờ tải lại.
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
    hint: autorun đang bật nên phản hồi đã đến trước khi bạn kịp nhấn: nhập 'set autorun off', rồi làm lại bước 13 ('tutorial goto 13').
    when: picker.rows.count > 0
    hint: màn hình chọn được mở sau khi phản hồi đã đến, nên có đầy đủ danh sách: nhập 'back', rồi 'tutorial goto 13' để thử lại.
    when: likely.count > 0
    hint: phản hồi đã đến: hãy xem danh sách của ứng dụng bằng 'show likely.count', và danh sách của màn hình chọn.
    hint: khi autorun tắt: nhập 'step' cho đến khi một vị trí được gửi đi ('locate google-sydney' nếu không có vị trí nào đang chờ), nhập 'likely' ngay, rồi 'step' để gửi phản hồi của Places và 'show likely.count'.
    recap: Màn hình chọn giữ nguyên bản sao đã nhận, ngay cả khi danh sách của ứng dụng được lấp đầy sau đó.
    after: Nhập lại 'back' và 'likely': giờ thì các hàng đã xuất hiện.

    == 15
    title: Hàng bị trùng lặp (P3)
    part: Cho phép người dùng chọn địa điểm hiện tại
    optional: yes
    say:
      listLikelyPlaces() xoá sạch danh sách khi được gọi, rồi thêm từng phản hồi vào khi phản hồi đó
      đến. Nếu lần gọi thứ hai diễn ra trước khi có phản hồi đầu tiên, cả hai phản hồi sẽ cùng nằm
      trong một danh sách và mỗi địa điểm xuất hiện hai lần.

      Hãy làm cho hai lệnh gọi chồng lên nhau: 'back' (nếu màn hình chọn đang mở), 'locate
      google-sydney' (một vị trí sẽ đến sau 1 giây), 'likely', 'wait 0.7s', rồi 'select 1': thao tác
      chọn gửi một yêu cầu được phản hồi sau 0,4 giây, và vị trí đến sau đó 0,3 giây cùng với một
      yêu cầu khác. Dùng 'step' để gửi vị trí đi: lúc này có hai yêu cầu đang chờ phản hồi. Thêm hai
      lần 'step' nữa sẽ gửi cả hai phản hồi, và 'likely' mở màn hình chọn với danh sách bị nhân đôi:
      mỗi tên xuất hiện hai lần, có đánh số.

      Màn hình chọn hiển thị năm hàng, mỗi hàng cao bằng một phần năm chiều cao của bảng, và không
      cuộn được: chỉ có thể nhấn vào các hàng 1-5. Các hàng của phản hồi thứ hai nằm sau toàn bộ các
      hàng của phản hồi thứ nhất, nên nếu hai phản hồi là cho hai vị trí khác nhau, các địa điểm của
      phản hồi mới hơn sẽ nằm ngoài tầm với.
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
    hint: autorun đang bật nên các lệnh gọi không chồng lên nhau: trước tiên hãy nhập 'set autorun off'.
    when: stats.inFlight >= 2
    hint: có hai yêu cầu đang chờ phản hồi: nhập 'step' hai lần để gửi cả hai phản hồi, rồi 'likely'.
    when: likely.count == 22
    hint: các phản hồi đã đến: 'likely' hiển thị mỗi tên hai lần.
    hint: khi autorun tắt: nhập 'locate google-sydney', 'likely', 'wait 0.7s', 'select 1', rồi 'step' ba lần và 'likely'.
    recap: Hai yêu cầu cùng đang chờ phản hồi đều thêm vào một danh sách: mỗi địa điểm xuất hiện hai lần.
    after: Mỗi tên xuất hiện hai lần, và ngón tay chỉ chạm được năm hàng đầu tiên. Nhập 'back', rồi 'set autorun on' để run loop tự chạy trở lại.

    == 16
    title: Dự án mới không có Current Place
    part: không có (ứng dụng chuyển sang Nearby Search (New))
    say:
      findPlaceLikelihoodsFromCurrentLocation thuộc Current Place, một phần của Places API (Legacy).
      Từ tháng 3 năm 2025, dự án Google Cloud mới không thể bật API này nữa; những dự án đã có thì
      vẫn giữ được. Mã của ứng dụng không đổi, nhưng điều quyết định là dự án chứa khoá API của ứng
      dụng: thiếu API này, mọi yêu cầu đều thất bại với accessNotConfigured (-9).

      Hãy để run loop tự chạy trở lại bằng 'set autorun on', và biến phiên thành một dự án mới bằng
      'project legacy off' (Places API (New) vẫn bật). Sau đó, hãy dừng ứng dụng rồi khởi động lại,
      giữ nguyên mã: 'terminate' và 'launch'. Mọi yêu cầu mà ứng dụng gửi đi đều thất bại: "Current
      Place error: … not enabled …", kèm một ghi chú chỉ ra hướng giải quyết.
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
    hint: autorun đang tắt nên các sự kiện khi khởi động phải chờ: nhập 'set autorun on', rồi 'terminate' và 'launch'.
    when: project.legacy == true
    hint: dự án vẫn còn Places API (Legacy): nhập 'project legacy off', rồi 'terminate' và 'launch'.
    when: app.flavor == "nearby"
    hint: đó đã là ứng dụng được chuyển đổi; bước này chạy ứng dụng của hướng dẫn, giữ nguyên mã: nhập 'terminate', rồi 'launch'.
    when: auth.prompt == true
    hint: hộp thoại đang hiển thị: nhập 'auth allow'; yêu cầu của vị trí đến sau đó sẽ thất bại với accessNotConfigured (-9).
    hint: hãy nhập 'set autorun on' và 'project legacy off', rồi 'terminate' và 'launch'.
    recap: Khi dự án của khoá API không có Places API (Legacy), mọi yêu cầu Current Place đều thất bại với accessNotConfigured (-9).

    == 17
    title: Nearby Search (New) chờ có vị trí
    part: không có (ứng dụng chuyển sang Nearby Search (New))
    say:
      Ứng dụng đã chuyển đổi là phiên bản 'nearby': vẫn các màn hình và đoạn mã vị trí ấy, chỉ có
      listLikelyPlaces() được viết lại cho Nearby Search (New), từ GooglePlaces SDK 9 trở lên ('help
      flavor nearby' hiển thị mã). Lệnh gọi cũ tự xác định vị trí của thiết bị; còn yêu cầu mới tìm
      kiếm trong một hình tròn, GMSPlaceCircularLocationOption(center, radius), và ứng dụng phải
      cung cấp tâm của hình tròn đó. Giờ đây, mỗi khi nhận được vị trí mới, ứng dụng lưu vị trí vào
      currentLocation trước khi gọi listLikelyPlaces(); hàm này tạo một GMSPlaceSearchNearbyRequest
      rồi gọi searchNearby(with:completion:).

      Khi chưa có vị trí thì không có gì được gửi đi, nên yêu cầu từng được gửi trước khi hộp thoại
      được trả lời ở bước 13 (P4) không còn nữa. Hãy bắt đầu lại từ đầu và quan sát: 'reset',
      'launch --flavor nearby', 'auth allow'. viewDidLoad in ra "Nearby search skipped: no location
      yet."; sau khi bạn trả lời, vị trí đầu tiên sẽ gửi lượt tìm kiếm đầu tiên.
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
    hint: autorun đang tắt nên các sự kiện phải chờ: nhập 'set autorun on', rồi 'reset', 'launch --flavor nearby' và 'auth allow'.
    when: project.newAPI == false
    hint: dự án cũng không có Places API (New): nhập 'project new-api on', rồi 'reset', 'launch --flavor nearby' và 'auth allow'.
    when: auth.prompt == true
    hint: hộp thoại đang hiển thị: nhập 'auth allow'; sau đó vị trí đầu tiên sẽ gửi lượt tìm kiếm đầu tiên.
    when: app.flavor == "nearby"
    hint: ở bước này, bạn cần trả lời hộp thoại trong ứng dụng đã chuyển đổi: nhập 'reset', rồi 'launch --flavor nearby' và 'auth allow'.
    hint: hãy nhập 'reset', 'launch --flavor nearby', rồi 'auth allow'.
    recap: Ứng dụng đã chuyển đổi không gửi gì cho đến khi có một vị trí làm tâm; từ đó, mỗi vị trí mới đều tìm kiếm trong hình tròn quanh nó.

    == 18
    title: placeProperties đóng vai trò mặt nạ trường (P1)
    part: không có (ứng dụng chuyển sang Nearby Search (New))
    say:
      Yêu cầu mới không còn withPlaceFields:. Vai trò đó nay thuộc về placeProperties của yêu cầu,
      và ứng dụng chỉ yêu cầu [GMSPlaceProperty.name, .coordinate]: như ở bước 8, điểm đánh dấu sẽ
      lại không có đoạn trích. ('fields' đặt mặt nạ trường cho lệnh gọi cũ; yêu cầu mới không đọc
      mặt nạ đó.)

      Hãy thêm địa chỉ bằng 'nearby fields +formattedAddress', rồi tạo bản dựng và chạy lại như
      trong Xcode: 'terminate', 'launch --flavor nearby'. 'likely' và 'select 1' sẽ tạo ra một điểm
      đánh dấu có đoạn trích. Mỗi yêu cầu được tính phí theo SKU của thuộc tính đắt nhất trong đó;
      name, coordinate và formattedAddress đều thuộc Nearby Search Pro, và 'nearby' cho biết yêu cầu
      được tính phí theo SKU nào.
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
    hint: các thuộc tính bạn nhập đã thay thế toàn bộ danh sách, và trong đó không có name: nhập 'nearby fields reset', rồi 'nearby fields +formattedAddress'.
    when: nearby.fields !contains "coordinate"
    hint: các thuộc tính bạn nhập đã thay thế toàn bộ danh sách, và trong đó không có coordinate: nhập 'nearby fields reset', rồi 'nearby fields +formattedAddress'.
    when: app.flavor != "nearby"
    hint: bước này dành cho ứng dụng đã chuyển đổi: nhập 'terminate', 'launch --flavor nearby', rồi 'likely' và 'select 1'.
    when: nearby.fields contains "formattedAddress"
    hint: các thuộc tính đã đúng, nhưng danh sách đến từ một yêu cầu được gửi trước khi thay đổi: nhập 'terminate', 'launch --flavor nearby', rồi 'likely' và 'select 1'.
    hint: hãy nhập 'nearby fields +formattedAddress', rồi tạo bản dựng và chạy lại: 'terminate', 'launch --flavor nearby', sau đó 'likely' và 'select 1'.
    recap: Thuộc tính mà yêu cầu không hỏi đến sẽ là nil, giống như trường trước đây: formattedAddress lại cung cấp nội dung cho đoạn trích.

    == 19
    title: Độ phổ biến hay khoảng cách: thứ tự chính là câu trả lời
    part: không có (ứng dụng chuyển sang Nearby Search (New))
    say:
      Current Place gán cho mỗi địa điểm một khả năng. Nearby Search (New) không đưa ra giá trị nào
      như vậy (likely[1].likelihood là nil): thứ tự là tất cả những gì nó cho biết. Theo mặc định,
      với rankPreference .popularity, các địa điểm phổ biến nhất trong hình tròn đứng đầu ('help
      popularity' cho biết placeshell chấm điểm chúng như thế nào), và địa điểm gần nhất có thể nằm
      tận cuối danh sách.

      Để đoán "tôi đang ở đâu", địa điểm gần nhất là lựa chọn tốt hơn. Hãy xếp hạng theo khoảng cách
      bằng 'nearby rank distance', và thu hẹp hình tròn từ 500 m xuống 250 m bằng 'nearby radius
      250m' (SDK chấp nhận từ 0 đến 50.000 m). Tạo bản dựng và chạy lại bằng 'terminate' và 'launch
      --flavor nearby', rồi nhấn "Get Place" bằng 'likely': địa điểm gần nhất đứng đầu, và mọi địa
      điểm đều nằm trong phạm vi 250 m.
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
    hint: các địa điểm vẫn được xếp hạng theo độ phổ biến: nhập 'nearby rank distance'.
    when: nearby.radius > 250
    hint: hình tròn vẫn rộng hơn 250 m: nhập 'nearby radius 250m'.
    when: app.screen == "picker"
    hint: danh sách trên màn hình đến từ một yêu cầu được gửi trước khi thay đổi: nhập 'back', 'terminate', 'launch --flavor nearby', rồi 'likely'.
    hint: hãy nhập 'nearby rank distance' và 'nearby radius 250m', rồi 'terminate', 'launch --flavor nearby' và 'likely'.
    recap: Không có khả năng, thứ hạng chính là câu trả lời: .distance đưa địa điểm gần nhất trong hình tròn lên đầu.

    == 20
    title: Không nhiều địa điểm hơn số hàng màn hình chọn hiển thị
    part: không có (ứng dụng chuyển sang Nearby Search (New))
    say:
      Màn hình chọn hiển thị năm hàng và không cuộn được (bước 15): mọi địa điểm sau địa điểm thứ
      năm đều nằm ngoài tầm với, vậy mà yêu cầu vẫn hỏi tới 20 địa điểm, giá trị mặc định của
      maxResultCount. Hãy chỉ yêu cầu số địa điểm mà màn hình hiển thị được: 'nearby max 5' (SDK
      chấp nhận từ 1 đến 20).

      Tạo bản dựng và chạy lại bằng 'terminate' và 'launch --flavor nearby', rồi nhập 'likely' và
      'select 1': tối đa năm hàng, và một điểm đánh dấu có địa chỉ ở địa điểm đầu tiên. Vậy là xong
      toàn bộ quá trình chuyển đổi: vẫn các màn hình ấy, một yêu cầu được tạo quanh vị trí mới nhất,
      và một danh sách được xếp hạng, không có khả năng.
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
    hint: maxResultCount không phải là 5: nhập 'nearby max 5'.
    when: likely.count > 5
    hint: danh sách đến từ một yêu cầu được gửi trước khi thay đổi: nhập 'terminate', 'launch --flavor nearby', rồi 'likely' và 'select 1'.
    when: app.screen == "picker"
    hint: giờ chỉ còn tối đa năm hàng: 'select 1' đặt địa điểm đầu tiên lên bản đồ.
    hint: hãy nhập 'nearby max 5', rồi 'terminate', 'launch --flavor nearby', 'likely' và 'select 1'.
    recap: Với maxResultCount 5, ứng dụng không yêu cầu nhiều địa điểm hơn số hàng màn hình chọn có thể hiển thị.
    after: 'tap marker 1' hiển thị tên và địa chỉ. 'project legacy on' đưa dự án trở lại thành một dự án cũ hơn.
    """#
