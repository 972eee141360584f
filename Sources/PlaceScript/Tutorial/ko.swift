let tutorialTextKO = #"""
    # The guided tutorial, in Korean: what `tutorial` shows, step by step.
    # The format is described at the top of en.swift; only the text is translated here.

    language: ko
    name: 한국어
    message.welcome: 튜토리얼 앱을 {total}단계로 따라가 보는 안내입니다. 각 단계에서는 그 단계가 공개된 튜토리얼의 어느 부분에 속하는지, 앱이 무엇을 하는지 설명하고, 앱의 호출을 'trace'가 출력하는 형태로 보여 주며, 무엇을 입력해야 하는지 알려 줍니다. 세션에서 단계가 완료된 것으로 확인되면 다음 단계로 넘어갑니다. 'tutorial list'는 단계 목록을 표시하고 'tutorial stop'은 안내를 종료합니다.
    message.step: {total}단계 중 {n}단계: {title}
    message.optional: (선택사항)
    message.part: 튜토리얼 해당 부분: {part}
    message.code: 'trace'에 표시되는 호출:
    message.api: API:
    message.type: 입력:
    message.done: ✓ {n}단계 완료: {title}
    message.doneToo: ✓ {n}단계도 완료: {title}
    message.already: 세션에서 이 단계가 이미 완료된 것으로 확인됩니다. 'tutorial next'로 계속 진행하세요.
    message.hint: tutorial: {hint}
    message.hintNow: {n}단계: {hint}
    message.replayed: 이전 단계({steps}단계)의 명령어를 안내가 화면에 표시하지 않고 대신 입력했습니다. 세션은 이제 이 단계가 시작되는 상태입니다.
    message.range: {first}~{last}
    message.forgotten: 튜토리얼 진행 상황을 삭제했습니다. 완료된 단계가 없습니다. 'tutorial'을 입력하면 1단계부터 시작합니다.
    message.finished: 마지막 단계였습니다. 튜토리얼을 마쳤습니다. 'tutorial list'로 단계 목록을 보고, 'tutorial restart'로 처음부터 다시 진행할 수 있습니다.
    message.stopped: {n}단계에서 튜토리얼을 중지했습니다. 'tutorial'을 입력하면 이어서 진행합니다.
    message.notRunning: 진행 중인 튜토리얼이 없습니다. 'tutorial'을 입력하면 시작합니다.
    message.first: 첫 번째 단계입니다.
    message.last: 마지막 단계입니다.
    message.language: 튜토리얼 언어: {title}. 사용 가능한 언어: {list}.
    message.list: 튜토리얼 단계({total}단계 중 {done}단계 완료, ✓ 완료, → 현재 단계):
    message.noStep: 튜토리얼에는 1~{total}단계가 있습니다. {n}단계는 없습니다
    message.noStepHelp: 'tutorial list'로 단계 목록을 확인하세요
    message.noLanguage: '{code}' 언어로 된 튜토리얼 텍스트가 없습니다
    message.languages: 사용 가능한 언어: {list}
    message.replayFailed: 세션을 {n}단계로 이동하지 못했습니다. {step}단계의 '{command}' 명령어가 실패했습니다
    message.replayStuck: 세션을 {n}단계로 이동하지 못했습니다. {step}단계의 명령어를 실행한 후에도 단계가 완료되지 않았습니다

    == 1
    title: 앱 시작하기
    part: 위치 정보 액세스 권한 요청
    say:
      지도 화면은 MapViewController.viewDidLoad()에서 필요한 작업을 수행합니다. 이 과정을 지켜보려면
      먼저 'trace on'으로 추적을 사용 설정하세요. 앱이 하는 호출(→)과 앱이 받는 호출(←)이 일어나는
      즉시 하나씩 출력됩니다. 그런 다음 'launch'로 앱을 시작합니다.

      viewDidLoad는 CLLocationManager를 만들고, desiredAccuracy를 kCLLocationAccuracyBest로 설정한
      후 requestWhenInUseAuthorization()을 호출합니다. 아직 아무도 응답하지 않았으므로(상태는
      notDetermined) iOS는 Info.plist에 있는 NSLocationWhenInUseUsageDescription의 문구와 함께 권한
      대화상자를 표시합니다.
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
    hint: 권한에 이미 응답했기 때문에 대화상자가 나타나지 않습니다. 'reset'(Erase All Content and Settings)을 입력한 후 'trace on'과 'launch'를 입력하세요.
    when: app.running == true
    hint: 추적을 사용 설정하지 않은 채 앱이 시작되었습니다. 'terminate'를 입력한 후 'trace on'과 'launch'를 다시 입력하세요.
    hint: 'trace on'을 입력한 후 'launch'를 입력하여 앱을 시작하세요.
    recap: viewDidLoad가 위치 관리자를 만들고 권한을 요청했으며, iOS가 대화상자를 표시했습니다.

    == 2
    title: 대화상자에 응답하기
    part: 위치 정보 액세스 권한 요청
    say:
      Core Location은 locationManager(_:didChangeAuthorization:)에 상태를 알립니다. 앱은 정확도에
      관한 줄과 "Location status not determined."를 출력했습니다.

      'auth allow'로 "Allow While Using App"을 탭하세요. 상태가 authorizedWhenInUse로 바뀌고, Core
      Location이 대리자를 다시 호출하며, 대리자는 "Location status is OK."를 출력합니다. (앱 시작 후
      나오는 "Current Place error" 줄은 함정 P4이며, 13단계에서 다시 다룹니다.)
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
    hint: "Don't Allow"로 응답했습니다. 'reset'으로 응답을 지운 후(Erase All Content and Settings) 'launch'와 'auth allow'를 입력하세요.
    when.happened: answer auth allow --approximate
    hint: "Precise"를 사용 중지했습니다. 'reset'을 입력한 후 --approximate 없이 'launch'와 'auth allow'를 입력하세요.
    when: auth.prompt == true
    hint: 대화상자가 화면에 표시되어 있습니다. 'auth allow'로 응답하세요.
    when: auth.status != "notDetermined"
    hint: 응답해야 할 대화상자를 거치지 않고 권한이 부여되었습니다(설정에서 또는 안내를 시작하기 전에). 'reset'을 입력한 후 'launch'와 'auth allow'를 입력하세요.
    hint: 'auth allow'를 입력하여 대화상자에 응답하세요(--approximate 없이: 먼저 정확한 위치부터 다룹니다). 대화상자가 사라졌다면 'reset'과 'launch'로 다시 표시할 수 있습니다.
    recap: "Allow While Using App"으로 상태가 authorizedWhenInUse가 되었고, 대리자가 이를 전달받았습니다.

    == 3
    title: 위치 관리자 설정하기
    part: 위치 관리자 설정
    say:
      앱은 계속해서 viewDidLoad에서 distanceFilter를 50(미터)으로 설정하고,
      startUpdatingLocation()을 호출한 후, 자신을 위치 관리자의 대리자로 지정합니다. 이때부터 Core
      Location은 위치 업데이트를 locationManager(_:didUpdateLocations:)에 전달하며, 앱은 마지막
      위치를 가져와 CLLocation의 설명인 "Location: …"을 출력합니다.

      아직 위치 업데이트가 오지 않았고 지도도 여전히 숨겨져 있습니다. 'explain'으로 이유를
      확인하세요. 시뮬레이션된 기기에 아직 위치가 없으므로(Features ▸ Location ▸ None) Core
      Location은 권한이 부여되고 1초 후에 이를 알렸습니다. didFailWithError가
      kCLErrorLocationUnknown과 함께 호출되었고, "Error: … Code=0" 줄이 바로 그 결과입니다. 앱의
      didFailWithError는 stopUpdatingLocation()을 호출하므로 업데이트는 완전히 중지됩니다(함정 P5).
      이제는 기기에 위치를 지정하기만 해서는 앱에 위치가 전달되지 않습니다. 시뮬레이터의 Features ▸
      Location 메뉴에서 하듯이 'locate sydney'로 기기를 시드니 피어몬트에 있는 튜토리얼의 기본
      위치로 설정하고, 'launch'로 앱을 다시 시작하세요. 권한은 그대로 유지되고, viewDidLoad가
      업데이트를 새로 시작하며, 1초 후에 위치 업데이트가 도착합니다.
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
    hint: 앱이 실행 중이 아닙니다. 'locate sydney'를 입력한 후 'launch'를 입력하세요(권한은 유지됩니다).
    when: auth.status == "denied"
    hint: 위치 정보 액세스가 거부되었습니다. 'auth allow'로 설정에서 허용한 후 'terminate'와 'launch'로 다시 시작하세요. 거부되면 앱을 다시 시작할 때까지 업데이트가 중지됩니다.
    when: why.noFix == "P5"
    hint: 위치 오류 이후 앱이 업데이트를 중지했습니다(P5). 기기에 아직 위치가 없다면 'locate sydney'를 입력한 후 'launch'로 앱을 다시 시작하세요.
    hint: 'locate sydney'를 입력하여 기기에 위치를 지정한 후 'launch'를 입력하여 업데이트를 다시 시작하세요.
    recap: 위치 업데이트를 받으려면 위치가 있고 업데이트가 실행 중이어야 합니다. 앱의 didFailWithError는 실행이 끝날 때까지 업데이트를 중지합니다.

    == 4
    title: 지도 추가하기
    part: 지도 추가
    say:
      viewDidLoad는 지도도 만들었습니다. 기본 위치(-33.869405, 151.199)에 확대/축소 수준 15(위치가
      대략적이면 10)로 GMSCameraPosition을 만들고, GMSMapView.map(withFrame:camera:)을 호출하고, 내
      위치 점과 내 위치 버튼을 사용 설정한 다음 mapView.isHidden = true로 설정합니다. 즉 첫 번째
      위치 업데이트가 올 때까지 지도는 숨겨집니다. 첫 위치 업데이트가 지도를 표시하고 곧바로
      mapView.camera를 설정했습니다. 이후의 위치 업데이트는 mapView.animate(to:)로 카메라를
      이동합니다.

      다음 위치 업데이트는 기기가 마지막 위치에서 거리 필터인 50m 이상 떨어져야 옵니다. 'locate
      -33.869675 151.199'로 기기를 남쪽으로 30m 옮겨 보세요. 아무것도 오지 않습니다. 이번에는
      'locate -33.870305 151.199'로 100m 옮기면 위치 업데이트가 오고 카메라가 따라갑니다. 그런 다음
      'map'으로 휴대전화에 보이는 대로 지도를 그려 보세요. 주변 장소, 현재 위치를 나타내는 파란색
      점, 축척이 표시됩니다.
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
    hint: 위치 오류 이후 앱이 업데이트를 중지했습니다(P5). 'terminate'와 'launch'로 다시 시작하세요.
    when: stats.locationUpdates == 1
    hint: 첫 번째 위치 업데이트는 이미 왔으며, 기기가 그 위치에서 50m 넘게 떨어지기 전에는 다음 업데이트가 오지 않습니다. 'locate -33.870305 151.199'를 입력하세요.
    when: stats.locationUpdates >= 2
    hint: 카메라가 위치 업데이트를 따라갔습니다. 'map'으로 지도를 그려 보세요.
    hint: 기기를 마지막 위치에서 50m 넘게 옮기세요. 'locate -33.870305 151.199'를 입력하세요.
    recap: 첫 번째 위치 업데이트가 지도를 표시하고 카메라를 설정했습니다. 이후의 업데이트는 50m 필터를 넘어설 때만 오며, 카메라가 이를 따라갑니다.

    == 5
    title: 예상 장소 요청하기
    part: 사용자가 현재 장소를 선택하도록 하기
    say:
      앱은 위치 업데이트를 처리할 때마다 마지막에 listLikelyPlaces()를 호출합니다. 이 메서드는 앱의
      likelyPlaces 배열을 비우고 GMSPlacesClient의
      findPlaceLikelihoodsFromCurrentLocation(withPlaceFields: [.name, .coordinate])을 호출합니다.
      콜백은 가능성이 가장 높은 것부터 순서대로 GMSPlaceLikelihood 값을 받으며, 앱은 각 값의 장소를
      배열에 추가합니다. viewDidLoad도 요청을 하나 보냈고, 장소를 선택할 때마다 요청이 하나 더
      전송됩니다. 모든 호출은 요금이 청구되는 Find Current Place 요청입니다('stats'에서 횟수를
      확인할 수 있습니다).

      "Get Place" 버튼은 세그(segue)를 통해 PlacesViewController로 이동하며, prepare(for:sender:)가
      이 컨트롤러에 배열을 전달합니다. Swift의 배열은 값 타입이므로, 장소 선택 화면은 그 시점 목록의
      사본을 받습니다. 'likely'로 버튼을 탭하세요.
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
    hint: 목록이 비어 있으며 계속 비어 있을 것입니다. 위치 오류로 업데이트가 중지되어(P5) 요청을 보내는 위치 업데이트가 없습니다. 'terminate'와 'launch'로 다시 시작하세요.
    when: app.screen == "picker"
    hint: 표가 비어 있습니다. 응답이 오기 전에 장소 선택 화면이 목록의 사본을 받았습니다. 'back'을 입력한 후 다시 'likely'를 입력하세요.
    hint: 'likely'를 입력하여 "Get Place"를 탭하세요.
    recap: 위치 업데이트가 올 때마다 앱은 Places에 예상 장소를 요청하고, "Get Place"는 장소 선택 화면에 목록의 사본을 전달합니다.

    == 6
    title: 사용자가 선택하도록 하기
    part: 사용자가 현재 장소를 선택하도록 하기
    say:
      장소 선택 화면은 장소마다 행을 하나씩 표시하며, 셀의 텍스트는 place.name이고 한 화면에 다섯
      행이 표시됩니다. 행을 탭하면 selectedPlace가 설정되고 지도로 돌아가는 언와인드 세그가
      실행됩니다. 언와인드가 실행되기 전에 장소 선택 화면의 prepare(for:sender:)가 선택한 장소를
      넘겨줍니다. 즉 지도 컨트롤러의 selectedPlace를 설정합니다. 그다음 unwindToMain(segue:)이
      호출됩니다. ('back'을 입력하면 아무것도 선택하지 않고 나가며, 아무것도 바뀌지 않습니다.)

      가능성이 가장 높은 첫 번째 장소를 선택하세요. 'select 1'을 입력합니다.
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
    hint: 장소 선택 화면이 닫혀 있습니다. 'likely'로 연 다음 'select 1'을 입력하세요.
    hint: 'select 1'을 입력하여 첫 번째 행을 탭하세요.
    recap: 탭으로 selectedPlace가 설정되었고, prepare(for:sender:)가 이를 지도 컨트롤러에 전달했으며, 언와인드 세그로 돌아왔습니다.

    == 7
    title: 마커 추가하기
    part: 지도에 마커 추가
    say:
      unwindToMain(segue:)은 mapView.clear()를 호출하여 이전 마커를 삭제한 다음, GMSMarker(position:
      place.coordinate)를 만들고, 제목을 place.name으로, 스니펫을 place.formattedAddress로 설정한
      후, marker.map = mapView로 마커를 지도에 추가합니다. 그런 다음 listLikelyPlaces()를 다시
      호출합니다. 카메라는 마커로 이동하지 않으며, 정보 창도 저절로 열리지 않습니다.

      마커를 탭하여 정보 창을 여세요. 'tap marker 1'을 입력하고 정보 창에 무엇이 표시되는지
      확인합니다. 그런 다음 'snapshot marker.svg'로 휴대전화 화면을 이미지로 저장하고 브라우저에서
      파일을 열어 보세요.
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
    hint: 정보 창이 열려 있습니다. 'snapshot marker.svg'로 화면을 그리세요.
    hint: 'tap marker 1'을 입력하여 마커의 정보 창을 연 다음('markers'는 마커 목록을 표시합니다) 'snapshot marker.svg'를 입력하세요.
    recap: unwindToMain(segue:)이 지도를 지우고 선택한 장소에 장소 이름을 제목으로 하는 마커를 하나 추가했습니다.

    == 8
    title: 누락된 스니펫(P1)
    part: 사용자가 현재 장소를 선택하도록 하기
    say:
      정보 창에 제목만 있고 주소가 없습니다. 스니펫이 nil이기 때문입니다. 스니펫은
      place.formattedAddress인데, 앱은 [.name, .coordinate]만 요청합니다. 요청하지 않은 GMSPlace
      필드는 nil입니다. 튜토리얼 코드 자체에 있는 함정 P1입니다.

      해결 방법은 이 필드를 요청하는 것입니다. 앱에서는 withPlaceFields: [.name, .coordinate,
      .formattedAddress]로, 여기서는 'fields +formattedAddress'로 요청합니다. 요금은 여전히 Basic
      Data로 청구됩니다. Xcode에서 코드를 변경하면 앱을 중지하고 다시 빌드하여 실행해야 하므로,
      여기서도 마찬가지로 'terminate'를 입력한 후 'launch'를 입력하세요. 새로 실행된 앱은 요청할 때
      주소도 함께 요청하므로 'likely'와 'select 1'을 입력하면 스니펫이 있는 마커가 생깁니다.
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
    hint: 입력한 필드가 필드 마스크 전체를 대체했으며, 그 안에 name이 없습니다. 그래서 행이 비어 있고 마커에 제목이 없습니다. '+'를 붙이면 필드가 추가됩니다. 'fields reset'을 입력한 후 'fields +formattedAddress'를 입력하세요.
    when: fields !contains "coordinate"
    hint: 입력한 필드가 필드 마스크 전체를 대체했으며, 그 안에 coordinate가 없습니다. 그래서 마커가 어디에도 놓이지 않습니다. '+'를 붙이면 필드가 추가됩니다. 'fields reset'을 입력한 후 'fields +formattedAddress'를 입력하세요.
    when: fields contains "formattedAddress"
    hint: 필드는 올바르지만, 실행 중인 앱은 Xcode에서처럼 변경 전에 빌드된 앱입니다. 'terminate', 'launch'를 입력한 후 'likely'와 'select 1'을 입력하세요.
    hint: 'fields +formattedAddress'를 입력한 후 Xcode에서처럼 다시 빌드하고 실행하세요. 'terminate', 'launch'를 입력한 다음 'likely'와 'select 1'을 입력합니다.
    recap: 요청에 포함하지 않은 GMSPlace 필드는 nil입니다. formattedAddress를 요청해야 스니펫이 채워집니다.
    after: 'tap marker 1': 이제 정보 창에서 이름 아래에 주소가 표시됩니다.

    == 9
    title: 권한 거부
    part: 위치 정보 액세스 권한 요청
    say:
      사용자가 "Don't Allow"를 탭하면 어떻게 될까요? 처음부터 다시 시작하세요. 'reset'은
      시뮬레이터의 Erase All Content and Settings에 해당합니다(앱이 종료되고 응답이 지워지며, 기기의
      위치는 유지됩니다). 그런 다음 'launch'와 'auth deny'를 입력하세요.

      상태가 denied로 바뀝니다. 앱은 "User denied access to location."을 출력하고 지도를 표시하는데,
      지도는 시드니의 기본 위치에 그대로 머뭅니다. 이어서 Core Location이 kCLErrorDomain 코드 1과
      함께 locationManager(_:didFailWithError:)를 호출하고, 앱은 stopUpdatingLocation()을
      호출합니다. 따라서 나중에 설정에서 허용하더라도 다음에 앱을 시작할 때까지 위치 업데이트가 오지
      않습니다(P5). 모든 Places 요청이 locationError(-11)로 실패하므로 "Get Place"는 빈 표를 보여
      줍니다. 'likely'로 버튼을 탭한 후 'explain'으로 이유를 확인하세요.
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
    hint: 장소 선택 화면의 표가 비어 있습니다. 'likely'로 화면을 열고 'explain'으로 이유를 확인하세요.
    hint: 'reset', 'launch'를 입력한 후 'auth deny'를 입력하여 "Don't Allow"로 대화상자에 응답하세요.
    recap: 권한 거부: 지도는 기본 위치를 표시하고, 다음에 시작할 때까지 업데이트가 중지되며, 모든 Places 요청이 실패합니다.

    == 10
    title: 대략적인 위치(P12)
    part: 지도 추가
    say:
      iOS 14부터 대화상자에 "Precise" 스위치가 있습니다. 이 스위치를 끄면 앱은 reducedAccuracy를
      받습니다. 즉 대략적인 위치 업데이트만 받습니다(여기서는 약 2km 단위로 맞춰지며, 최대 15분에 한
      번). 위치 업데이트가 올 때마다 Swift 앱은 accuracyAuthorization을 읽고 확대/축소 수준을 15가
      아닌 10, 즉 도시 전체가 보이는 수준으로 설정합니다.

      다시 초기화하고 "Precise"를 끈 채로 허용하세요. 'reset', 'launch', 'auth allow
      --approximate'를 입력합니다. 앱은 "Location accuracy is not precise."를 출력하며, 카메라의
      확대/축소 수준은 10입니다('camera').
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
    hint: 'reset', 'launch'를 입력한 후 'auth allow --approximate'를 입력하세요("Precise"를 끈 채로 "Allow While Using App").
    recap: "Precise"를 끄면 위치 업데이트가 부정확하고 드물게 오며, Swift 앱은 10으로 축소합니다.

    == 11
    title: Objective-C: switch 문이 다음 case로 넘어감(P7)
    part: Objective-C의 위치 정보 액세스 권한 요청
    say:
      튜토리얼에는 같은 코드의 Objective-C 버전도 있습니다. 이 버전의 승인 콜백은 C의 switch 문인데,
      restricted case만 break로 끝납니다. 그래서 각 case가 아래의 case까지 이어서 실행됩니다. (또한
      이 버전은 위치가 대략적일 때도 확대/축소 수준을 15로 설정합니다. 함정 P12입니다.)

      이 버전을 시작하고 거부해 보세요. 'reset', 'launch --flavor objc', 'auth deny'를 입력합니다.
      "User denied access to location." 다음에 "Location status not determined."와 "Location status
      is OK."가 출력되는데, 둘 다 잘못된 출력입니다. 이 줄은 NSLog가 출력한 것으로, 앞에 날짜와
      프로세스가 붙습니다.
    code: ← [mapViewController locationManager:manager didChangeAuthorizationStatus:…
    code: → [manager stopUpdatingLocation]
    api: locationManager:didChangeAuthorizationStatus:
    type: reset
    type: launch --flavor objc
    type: auth deny
    done: app.flavor == "objc"
    done: auth.status == "denied"
    done: log contains "User denied access to location."
    hint: 'reset', 'launch --flavor objc'를 입력한 후 'auth deny'를 입력하세요.
    recap: C의 switch 문에서 break가 없는 case는 다음 case로 이어집니다. 상태 하나에 세 줄이 출력됩니다.

    == 12
    title: Objective-C: 빈 행, 마커 없음(P8)
    part: Objective-C에서 사용자가 현재 장소를 선택하도록 하기
    say:
      Objective-C의 PlacesViewController는 셀의 텍스트를 설정하지 않으므로 모든 행이 비어 있습니다.
      또한 prepareForSegue:sender:가 비어 있어 선택한 장소가 지도에 전달되지 않습니다. 언와인드
      세그는 지도를 지우기만 하고 아무것도 추가하지 않습니다.

      앞에서 거부했기 때문에 이번 실행에서는 업데이트가 중지되었습니다. 설정에서 위치 정보 액세스를
      허용하고 앱을 다시 시작하세요. 'auth allow'와 'launch --flavor objc'를 입력한 다음 'likely'와
      'select 1'을 입력합니다.
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
    hint: 'auth allow'와 'launch --flavor objc'를 입력한 후 'likely'와 'select 1'을 입력하세요.
    recap: 셀 텍스트가 없고 prepareForSegue:sender:가 비어 있어서 Objective-C의 장소 선택 화면은 빈 행을 표시하고 아무것도 돌려주지 않습니다.

    == 13
    title: 대화상자보다 먼저 도착한 첫 번째 요청(P4)
    part: 사용자가 현재 장소를 선택하도록 하기
    optional: yes
    say:
      다시 Swift로 돌아갑니다. viewDidLoad는 requestWhenInUseAuthorization() 직후, 누군가 대화상자에
      응답하기도 전에 listLikelyPlaces()를 호출합니다. Places 클라이언트는 아직 위치를 사용할 수
      없으므로 요청은 locationError(-11)로 실패합니다. "Current Place error: …"가 출력됩니다.

      이벤트를 하나씩 살펴보세요. 'set autorun off'를 입력하면 런 루프의 이벤트가 직접 전달하기
      전까지 대기합니다. 'reset', 'set autorun off', 'launch'를 입력한 후 'events'를 입력하면 Places
      콜백이 이미 대기 중인 것을 볼 수 있습니다. 'step 2'는 승인 콜백과 대화상자를 전달합니다.
      콜백이 오기 전에 'auth allow'로 응답한 다음 'step 2'를 입력하세요. 그래도 요청은 실패합니다.
      요청은 전송된 시점을 기준으로 판단되었기 때문입니다.
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
    hint: autorun이 사용 설정되어 있어 모든 이벤트가 한꺼번에 옵니다. 'reset', 'set autorun off'를 입력한 후 'launch'를 입력하세요.
    when: log contains "Current Place error"
    hint: 대화상자에 응답하기 전에 콜백이 왔습니다. 'reset'을 입력한 후 다시 'launch'를 입력하고, 대화상자가 표시되자마자 'auth allow'를 입력하세요.
    when: auth.prompt == true
    hint: 대화상자가 화면에 표시되어 있습니다. Places 콜백이 오기 전에 'auth allow'로 응답한 다음 'step 2'를 입력하세요.
    when: auth.status == "authorizedWhenInUse"
    hint: Places 콜백이 올 때까지 'step'을 입력하세요. 그래도 요청은 실패합니다.
    hint: 'reset', 'set autorun off', 'launch', 'step 2', 'auth allow'를 입력한 후 'step 2'를 입력하세요.
    recap: 응답 전에 전송된 요청은 실패합니다. Places는 요청이 전송된 시점을 기준으로 판단했습니다.

    == 14
    title: "Get Place"의 빈 목록(P2)
    part: 사용자가 현재 장소를 선택하도록 하기
    optional: yes
    say:
      런 루프는 아직 입력을 기다리고 있습니다. 무엇이 대기 중인지는 'events'로 확인할 수 있습니다.
      위치 업데이트가 대기 중이면 전달될 때까지 'step'을 입력하고, 대기 중인 것이 없으면(13단계에서
      런 루프가 계속 진행된 경우) 'locate google-sydney'로 위치 업데이트를 만드세요. 위치 업데이트가
      올 때마다 listLikelyPlaces()가 호출되며, 이 메서드는 목록을 즉시 비우고 요청을 보냅니다. 이
      요청에 대한 응답은 0.4초 후에 옵니다. 그 사이에 'likely'로 "Get Place"를 탭하면 장소 선택
      화면은 빈 배열의 사본을 받습니다. 그런 다음 'step'으로 응답을 전달하고 확인해 보세요. 앱의
      목록은 채워져 있지만('show likely.count') 장소 선택 화면의 사본은 비어 있습니다. 화면을 다시
      로드하지 않기 때문입니다.
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
    hint: autorun이 사용 설정되어 있어 탭하기 전에 응답이 왔습니다. 'set autorun off'를 입력한 후 13단계를 다시 진행하세요('tutorial goto 13').
    when: picker.rows.count > 0
    hint: 응답이 온 후에 장소 선택 화면이 열려 목록이 모두 채워져 있습니다. 'back'을 입력한 후 'tutorial goto 13'으로 다시 시도하세요.
    when: likely.count > 0
    hint: 응답이 도착했습니다. 'show likely.count'로 앱의 목록을 확인하고 장소 선택 화면의 목록과 비교해 보세요.
    hint: autorun을 사용 중지한 상태에서 위치 업데이트가 전달될 때까지 'step'을 입력하고(대기 중인 것이 없으면 'locate google-sydney'), 바로 'likely'를 입력한 다음, 'step'으로 Places 응답을 전달하고 'show likely.count'를 입력하세요.
    recap: 장소 선택 화면은 처음 받은 사본을 그대로 유지하며, 나중에 앱의 목록이 채워져도 바뀌지 않습니다.
    after: 'back'과 'likely'를 다시 입력하면 이제 행이 표시됩니다.

    == 15
    title: 중복된 행(P3)
    part: 사용자가 현재 장소를 선택하도록 하기
    optional: yes
    say:
      listLikelyPlaces()는 호출될 때 목록을 비우고, 응답이 도착할 때마다 목록에 추가합니다. 첫 번째
      응답이 오기 전에 두 번째 호출이 일어나면 두 응답이 같은 목록에 들어가 모든 장소가 두 번씩
      표시됩니다.

      두 호출이 겹치도록 만들어 보세요. 'back'(장소 선택 화면이 열려 있는 경우), 'locate
      google-sydney'(1초 후에 올 위치 업데이트), 'likely', 'wait 0.7s'를 입력한 다음 'select 1'을
      입력합니다. 선택하면 0.4초 후에 응답이 오는 요청이 전송되고, 0.3초 후에 위치 업데이트가
      도착하면서 요청이 하나 더 전송됩니다. 'step'으로 위치 업데이트를 전달하면 진행 중인 요청이 두
      개가 됩니다. 'step'을 두 번 더 입력하면 두 응답이 모두 전달되고, 'likely'를 입력하면 두 배로
      늘어난 목록으로 장소 선택 화면이 열립니다. 모든 이름이 번호가 매겨진 채 두 번씩 표시됩니다.

      장소 선택 화면에는 각각 표 높이의 5분의 1인 행 다섯 개가 표시되며, 스크롤되지 않습니다. 따라서
      1~5행만 탭할 수 있습니다. 두 번째 응답의 행은 첫 번째 응답의 모든 행 뒤에 오므로, 두 응답이
      서로 다른 위치에 대한 것이었다면 더 최근 응답의 장소에는 손이 닿지 않았을 것입니다.
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
    hint: autorun이 사용 설정되어 있어 호출이 겹치지 않습니다. 먼저 'set autorun off'를 입력하세요.
    when: stats.inFlight >= 2
    hint: 진행 중인 요청이 두 개 있습니다. 'step'을 두 번 입력하여 두 응답을 모두 전달한 다음 'likely'를 입력하세요.
    when: likely.count == 22
    hint: 응답이 모두 도착했습니다. 'likely'를 입력하면 모든 이름이 두 번씩 표시됩니다.
    hint: autorun을 사용 중지한 상태에서 'locate google-sydney', 'likely', 'wait 0.7s', 'select 1'을 입력한 다음 'step'을 세 번 입력하고 'likely'를 입력하세요.
    recap: 동시에 진행 중인 두 요청이 모두 같은 목록에 추가합니다. 모든 장소가 두 번씩 표시됩니다.
    after: 모든 이름이 두 번씩 나오고, 손가락으로는 처음 다섯 개만 탭할 수 있습니다. 'back'을 입력한 후 'set autorun on'을 입력하면 런 루프가 다시 자동으로 실행됩니다.

    == 16
    title: 새 프로젝트에서는 Current Place를 쓸 수 없음
    part: 없음(Nearby Search (New)로 이전한 앱)
    say:
      findPlaceLikelihoodsFromCurrentLocation은 Places API (Legacy)에 속한 Current Place입니다. 2025년 3월부터는
      새 Google Cloud 프로젝트에서 이 API를 사용 설정할 수 없으며, 이미 사용하던 프로젝트는 계속 사용할 수 있습니다. 앱 코드는 그대로이고, 결과는 앱의 키가
      속한 프로젝트에 따라 달라집니다. 프로젝트에 이 API가 없으면 모든 요청이 accessNotConfigured (-9)로 실패합니다.

      'set autorun on'으로 런 루프가 다시 자동으로 실행되게 하고, 'project legacy off'로 세션을 새 프로젝트로 만드세요(Places API
      (New)는 계속 사용 설정되어 있습니다). 그런 다음 앱을 중지하고 코드를 바꾸지 않은 채 다시 시작하세요. 'terminate'와 'launch'를 입력합니다. 앱이
      보내는 요청은 모두 실패하여 "Current Place error: … not enabled …"가 출력되고, 참고 메시지가 해결 방법을 알려 줍니다.
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
    hint: autorun이 사용 중지되어 있어 앱 시작 이벤트가 대기 중입니다. 'set autorun on'을 입력한 후 'terminate'와 'launch'를 입력하세요.
    when: project.legacy == true
    hint: 프로젝트에 아직 Places API (Legacy)가 있습니다. 'project legacy off'를 입력한 후 'terminate'와 'launch'를 입력하세요.
    when: app.flavor == "nearby"
    hint: 이미 이전한 앱입니다. 이 단계에서는 튜토리얼의 앱을 그대로 실행합니다. 'terminate'를 입력한 후 'launch'를 입력하세요.
    when: auth.prompt == true
    hint: 대화상자가 화면에 있습니다. 'auth allow'를 입력하세요. 이어서 오는 위치 업데이트의 요청은 accessNotConfigured (-9)로 실패합니다.
    hint: 'set autorun on'과 'project legacy off'를 입력한 후 'terminate'와 'launch'를 입력하세요.
    recap: 키가 속한 프로젝트에 Places API (Legacy)가 없으면 모든 Current Place 요청이 accessNotConfigured (-9)로 실패합니다.

    == 17
    title: 위치를 기다리는 Nearby Search (New)
    part: 없음(Nearby Search (New)로 이전한 앱)
    say:
      이전한 앱은 'nearby' 버전입니다. 화면과 위치 코드는 같고, listLikelyPlaces()만 GooglePlaces SDK 9 이상의 Nearby Search
      (New)에 맞게 다시 작성되어 있습니다('help flavor nearby'로 코드를 볼 수 있습니다). 이전 호출은 기기의 위치를 직접 찾았지만, 새 요청은 원형
      영역 GMSPlaceCircularLocationOption(center, radius) 안을 검색하므로 앱이 원의 중심을 지정해야 합니다. 이제 앱은 위치 업데이트를
      받을 때마다 위치를 currentLocation에 저장한 후 listLikelyPlaces()를 호출하고, 이 메서드는
      GMSPlaceSearchNearbyRequest를 만들어 searchNearby(with:completion:)을 호출합니다.

      위치가 없으면 아무것도 전송하지 않으므로, 13단계에서 대화상자에 응답하기도 전에 전송되던 요청(P4)은 더 이상 없습니다. 처음부터 다시 시작하여 지켜보세요.
      'reset', 'launch --flavor nearby', 'auth allow'를 입력합니다. viewDidLoad가 "Nearby search skipped:
      no location yet."을 출력하고, 응답한 후에는 첫 위치 업데이트가 첫 검색을 전송합니다.
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
    hint: autorun이 사용 중지되어 있어 이벤트가 대기 중입니다. 'set autorun on'을 입력한 후 'reset', 'launch --flavor nearby', 'auth allow'를 입력하세요.
    when: project.newAPI == false
    hint: 프로젝트에 Places API (New)도 없습니다. 'project new-api on'을 입력한 후 'reset', 'launch --flavor nearby', 'auth allow'를 입력하세요.
    when: auth.prompt == true
    hint: 대화상자가 화면에 있습니다. 'auth allow'를 입력하세요. 그러면 첫 위치 업데이트가 첫 검색을 전송합니다.
    when: app.flavor == "nearby"
    hint: 이 단계에서는 이전한 앱에서 대화상자에 응답해야 합니다. 'reset'을 입력한 후 'launch --flavor nearby'와 'auth allow'를 입력하세요.
    hint: 'reset', 'launch --flavor nearby'를 입력한 후 'auth allow'를 입력하세요.
    recap: 이전한 앱은 위치 업데이트로 중심을 얻을 때까지 아무것도 전송하지 않으며, 그 후로는 위치 업데이트마다 그 주변의 원을 검색합니다.

    == 18
    title: 필드 마스크 역할을 하는 placeProperties(P1)
    part: 없음(Nearby Search (New)로 이전한 앱)
    say:
      새 요청에는 withPlaceFields:가 없습니다. 그 역할은 요청의 placeProperties가 맡는데, 앱은 [GMSPlaceProperty.name,
      .coordinate]만 요청합니다. 이대로라면 8단계에서처럼 마커에 다시 스니펫이 없을 것입니다. ('fields'는 이전 호출의 필드 마스크를 설정했으며, 새 요청은
      이 마스크를 읽지 않습니다.)

      'nearby fields +formattedAddress'로 주소를 추가한 후 Xcode에서처럼 다시 빌드하고 실행하세요. 'terminate', 'launch
      --flavor nearby'를 입력합니다. 'likely'와 'select 1'을 입력하면 스니펫이 있는 마커가 생깁니다. 요청 요금은 가장 비싼 속성의 SKU로
      청구됩니다. name, coordinate, formattedAddress는 모두 Nearby Search Pro에 해당하며, 'nearby'에서 요청이 어떤 SKU로
      청구되는지 확인할 수 있습니다.
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
    hint: 입력한 속성이 목록 전체를 대체했으며, 그 안에 name이 없습니다. 'nearby fields reset'을 입력한 후 'nearby fields +formattedAddress'를 입력하세요.
    when: nearby.fields !contains "coordinate"
    hint: 입력한 속성이 목록 전체를 대체했으며, 그 안에 coordinate가 없습니다. 'nearby fields reset'을 입력한 후 'nearby fields +formattedAddress'를 입력하세요.
    when: app.flavor != "nearby"
    hint: 이 단계는 이전한 앱을 다룹니다. 'terminate', 'launch --flavor nearby'를 입력한 후 'likely'와 'select 1'을 입력하세요.
    when: nearby.fields contains "formattedAddress"
    hint: 속성은 올바르지만, 목록은 변경 전에 전송된 요청의 결과입니다. 'terminate', 'launch --flavor nearby'를 입력한 후 'likely'와 'select 1'을 입력하세요.
    hint: 'nearby fields +formattedAddress'를 입력한 후 다시 빌드하고 실행하세요. 'terminate', 'launch --flavor nearby'를 입력한 다음 'likely'와 'select 1'을 입력합니다.
    recap: 요청하지 않은 속성은 필드와 마찬가지로 nil입니다. formattedAddress를 요청하면 스니펫이 다시 채워집니다.

    == 19
    title: 인기도 또는 거리: 순서가 곧 답
    part: 없음(Nearby Search (New)로 이전한 앱)
    say:
      Current Place는 장소마다 가능성을 알려 주었습니다. Nearby Search (New)는 이 값을 주지 않으며(likely[1].likelihood는
      nil), 알려 주는 것은 순서뿐입니다. 기본값인 rankPreference .popularity에서는 원 안에서 가장 인기 있는 장소가 먼저 나오므로('help
      popularity'에서 placeshell이 점수를 매기는 방식을 볼 수 있습니다), 가장 가까운 장소는 목록 한참 아래에 있을 수도 있습니다.

      "지금 어디에 있는가"를 추측하려면 가장 가까운 장소가 더 나은 답입니다. 'nearby rank distance'로 거리순으로 정렬하고, 'nearby radius
      250m'으로 원의 반경을 500m에서 250m로 줄이세요(SDK는 0~50,000m를 허용합니다). 'terminate'와 'launch --flavor
      nearby'로 다시 빌드하고 실행한 후 'likely'로 "Get Place"를 탭하세요. 가장 가까운 장소가 맨 위에 오고, 모든 장소가 250m 이내에 있습니다.
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
    hint: 장소가 아직 인기도순으로 정렬되어 있습니다. 'nearby rank distance'를 입력하세요.
    when: nearby.radius > 250
    hint: 원의 반경이 아직 250m보다 큽니다. 'nearby radius 250m'을 입력하세요.
    when: app.screen == "picker"
    hint: 화면의 목록은 변경 전에 전송된 요청의 결과입니다. 'back', 'terminate', 'launch --flavor nearby'를 입력한 후 'likely'를 입력하세요.
    hint: 'nearby rank distance'와 'nearby radius 250m'을 입력한 후 'terminate', 'launch --flavor nearby', 'likely'를 입력하세요.
    recap: 가능성 값이 없으니 순위가 곧 답입니다. .distance는 원 안에서 가장 가까운 장소를 맨 앞에 둡니다.

    == 20
    title: 장소 선택 화면에 보이는 만큼만 요청하기
    part: 없음(Nearby Search (New)로 이전한 앱)
    say:
      장소 선택 화면에는 행이 다섯 개 표시되며 스크롤되지 않습니다(15단계). 다섯 번째 이후의 장소에는 손이 닿지 않는데도, 요청은 maxResultCount의 기본값대로
      최대 20개를 요청합니다. 'nearby max 5'로 화면에 보이는 만큼만 요청하세요(SDK는 1~20을 허용합니다).

      'terminate'와 'launch --flavor nearby'로 다시 빌드하고 실행한 다음 'likely'와 'select 1'을 입력하세요. 행은 최대 다섯
      개이고, 첫 번째 장소에 주소가 있는 마커가 놓입니다. 이것으로 이전이 끝납니다. 화면은 그대로이고, 요청은 마지막 위치 업데이트를 중심으로 만들어지며, 목록은 가능성
      값 없이 순위대로 정렬됩니다.
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
    hint: maxResultCount가 5가 아닙니다. 'nearby max 5'를 입력하세요.
    when: likely.count > 5
    hint: 목록은 변경 전에 전송된 요청의 결과입니다. 'terminate', 'launch --flavor nearby'를 입력한 후 'likely'와 'select 1'을 입력하세요.
    when: app.screen == "picker"
    hint: 이제 행이 최대 다섯 개입니다. 'select 1'을 입력하면 첫 번째 장소가 지도에 표시됩니다.
    hint: 'nearby max 5'를 입력한 후 'terminate', 'launch --flavor nearby', 'likely', 'select 1'을 입력하세요.
    recap: maxResultCount를 5로 설정하면 장소 선택 화면에 표시할 수 있는 만큼만 요청합니다.
    after: 'tap marker 1'을 입력하면 이름과 주소가 표시됩니다. 'project legacy on'을 입력하면 프로젝트가 다시 기존 프로젝트로 돌아갑니다.
    """#
